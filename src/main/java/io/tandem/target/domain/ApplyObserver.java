package io.tandem.target.domain;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.tandem.unit.domain.Unit;

/** Told when an apply succeeded or a destroy finished, while the cluster client is still open. */
public interface ApplyObserver {

  void applied(Unit unit, KubernetesClient client, String defaultNamespace, String data);

  void destroyed(Unit unit);
}
