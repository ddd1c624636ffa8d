package io.tandem.apply.domain;

import io.tandem.targets.domain.ClusterSession;
import io.tandem.unit.domain.Unit;

/**
 * Told when an apply succeeded or a destroy finished, while the cluster session is still open; in their {@code @Order}
 * (the watches first, so that they follow the unit's objects before the observation that reads them).
 */
public interface ApplyObserver {

  void applied(Unit unit, ClusterSession session, String data);

  void destroyed(Unit unit);
}
