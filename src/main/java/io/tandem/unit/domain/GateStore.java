package io.tandem.unit.domain;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** What stands between a revision and its apply: gates, approvals; and the change set a unit's changes go to. */
public interface GateStore {

  /** Replaces the gates of a revision (none removes them). */
  void recordGates(UUID unitId, int num, List<ApplyGate> gates);

  List<ApplyGate> gates(UUID unitId, int num);

  /** The gates of each unit's head revision, for those that have any. */
  Map<UUID, List<ApplyGate>> headGates(Collection<UUID> unitIds);

  /** Records an approval; false when this approver had approved that revision already. */
  boolean approve(UUID unitId, int num, String approver, Instant at);

  /** Who approved a revision, in order. */
  List<String> approvals(UUID unitId, int num);

  /** Who approved each unit's head revision, for those that have approvals. */
  Map<UUID, List<String>> headApprovals(Collection<UUID> unitIds);

  /** The slug of each unit's change set, for those in one. */
  Map<UUID, String> changeSets(Collection<UUID> unitIds);
}
