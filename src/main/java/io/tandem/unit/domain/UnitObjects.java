package io.tandem.unit.domain;

import java.util.List;

/**
 * The objects a unit has on a cluster, as the feature that applies them knows them: which they are, and moving them
 * to another target. Implemented by targets.
 */
public interface UnitObjects {

  /**
   * The objects the unit applied on {@code target} and still owns ({@code apps/Deployment default/paymentservice}), in a
   * stable order; empty when it has none there.
   */
  List<String> on(Unit unit, String target);

  /**
   * Queues, in the caller's transaction, the destroy of the unit's objects on {@code from} and then the apply of its
   * live revision on {@code to}, which runs only once the destroy has completed.
   *
   * @throws io.tandem.common.error.TandemException {@code validation-failed} when {@code to} does not exist; {@code
   *     object-owned-by-another-unit} when another unit applied one of the objects on {@code to}
   */
  void move(Unit unit, String from, String to);
}
