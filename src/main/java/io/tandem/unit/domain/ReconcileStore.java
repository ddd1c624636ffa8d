package io.tandem.unit.domain;

import io.tandem.space.domain.ApplyMode;
import io.tandem.space.domain.IgnoreRules;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The automatic-apply state on the unit's row. Every change is one guarded statement, so that servers that run the
 * loop at the same time never both act: a unit wants a revision, an attempt is claimed (at most one open per unit),
 * and a finished attempt is settled, each only from the state it expects.
 */
public interface ReconcileStore {

  /** A unit in Continuous mode whose head is not live and not yet wanted. */
  record Candidate(UUID unitId, String space, String slug, int headRevisionNum) {}

  /** An automatic apply that has finished, with the unit's state when it was read. */
  record Finished(UUID unitId, UUID actionId, boolean completed, boolean canceled, int actionRevisionNum,
      int wantedRevisionNum, int attempts, Instant finishedAt) {}

  void setApplyMode(UUID unitId, ApplyMode mode);

  void setIgnoreRules(UUID unitId, IgnoreRules rules);

  UnitReconciliation of(UUID unitId);

  /** The unit's own ignore rules and its space's. */
  IgnoreRules effectiveIgnoreRules(UUID unitId);

  List<Candidate> candidates(int limit);

  /** The unit now wants its head {@code revision} live: attempts start over. Whether it changed anything. */
  boolean wantHead(UUID unitId, int revision);

  /** The unit wants {@code revision} (its live one, drifted) applied again, unless it wants a revision already. */
  boolean wantAgain(UUID unitId, int revision);

  List<Finished> finished(int limit);

  /** Forgets the finished attempt; with {@code done} the wanted revision too, else the next is due at {@code next}. */
  void settle(Finished finished, boolean done, Instant next);

  /** Units whose wanted revision is due for an attempt: none open, not suspended, the retry time passed. */
  List<Candidate> due(int limit);

  /**
   * The unit's automatic apply waits until {@code until} ({@code why}: a closed sync window), unless an attempt is open.
   */
  void postpone(UUID unitId, Instant until, String why);

  /** Claims the next attempt as {@code actionId}: the revision to apply; empty when another server was first. */
  Optional<Integer> claim(UUID unitId, UUID actionId);
}
