package io.tandem.targets.cluster;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.tandem.common.yaml.ObjectKey;
import io.tandem.targets.domain.ApplyReport;
import io.tandem.targets.domain.ClusterListing;
import io.tandem.targets.domain.ClusterSession;
import io.tandem.targets.domain.DryRun;
import io.tandem.targets.domain.ObjectSelection;
import io.tandem.targets.domain.Target;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A client of a target's cluster, with the target; closing it hands the client back ({@code release}) for the next
 * connection with the same credentials.
 */
public record Connection(Target target, KubernetesClient client, Runnable release) implements ClusterSession {

  @Override
  public ApplyReport apply(String data, String previousData, Set<ObjectKey> spare) {
    return ClusterApplier.apply(client, target.namespace(), data, previousData, spare);
  }

  @Override
  public DryRun dryRun(String data, String previousData, Set<ObjectKey> spare) {
    return ClusterDryRun.run(client, target.namespace(), data, previousData, spare);
  }

  @Override
  public ApplyReport destroy(String data, Set<ObjectKey> spare) {
    return ClusterApplier.destroy(client, target.namespace(), data, spare);
  }

  @Override
  public List<Map<String, Object>> read(String data) {
    return ClusterApplier.read(client, target.namespace(), data);
  }

  @Override
  public ClusterListing list(ObjectSelection selection) {
    return ClusterLister.list(client, selection);
  }

  @Override
  public void close() {
    release.run();
  }
}
