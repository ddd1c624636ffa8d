package io.tandem.unit.domain;

import io.tandem.space.domain.ApplyMode;
import io.tandem.space.domain.IgnoreRules;
import java.time.Instant;

/**
 * A unit's reconciliation settings and the state of its automatic apply.
 *
 * @param applyMode its own apply mode; null: its space's
 * @param effective the apply mode that acts: its own, else its space's
 * @param ignoreRules its own ignore rules (its space's add to them)
 * @param attempts the automatic applies tried for the revision the server wants live, counting one that runs; 0 after
 *     a success or when a new head revision is wanted
 * @param nextAttemptAt when a failed automatic apply is tried again, or one waiting for a sync window may run; null
 *     when none waits
 * @param waitingFor why the automatic apply waits until then, when a sync window keeps it; null otherwise
 */
public record UnitReconciliation(
    ApplyMode applyMode, ApplyMode effective, IgnoreRules ignoreRules, int attempts, Instant nextAttemptAt,
    String waitingFor) {

  public static final UnitReconciliation NONE =
      new UnitReconciliation(null, ApplyMode.OnDemand, IgnoreRules.NONE, 0, null, null);
}
