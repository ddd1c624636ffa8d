package io.tandem.unit.domain;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * What stands between a revision and its apply: gates and approvals. Unit responses read those of the head revision
 * through {@link UnitViews}.
 */
public interface GateStore {

  /** Replaces the gates of a revision (none removes them). */
  void recordGates(UUID unitId, int num, List<ApplyGate> gates);

  List<ApplyGate> gates(UUID unitId, int num);

  /** Revision {@code num} of a unit. */
  record RevisionOf(UUID unitId, int num) {}

  /** The gates of each of {@code revisions} that has any; one read however many. */
  Map<RevisionOf, List<ApplyGate>> gates(Collection<RevisionOf> revisions);

  /** Records an approval; false when this approver had approved that revision already. */
  boolean approve(UUID unitId, int num, String approver, Instant at);

  /** Who approved a revision, in order. */
  List<String> approvals(UUID unitId, int num);

  /** Who approved each of {@code revisions} that has approvals, in order; one read however many. */
  Map<RevisionOf, List<String>> approvals(Collection<RevisionOf> revisions);
}
