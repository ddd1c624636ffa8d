package io.tandem.unit.domain;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * What stands between a revision and its apply: gates and approvals. Unit responses read those of the head revision
 * through {@link UnitViews}.
 */
public interface GateStore {

  /** Replaces the gates of a revision (none removes them). */
  void recordGates(UUID unitId, int num, List<ApplyGate> gates);

  List<ApplyGate> gates(UUID unitId, int num);

  /** Records an approval; false when this approver had approved that revision already. */
  boolean approve(UUID unitId, int num, String approver, Instant at);

  /** Who approved a revision, in order. */
  List<String> approvals(UUID unitId, int num);
}
