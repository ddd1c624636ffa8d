package io.tandem.unit.domain;

import io.tandem.space.domain.SpaceService;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** What stands between a revision and its apply: the gates the space's checks set, and approvals. */
@Service
public class GatesAndApprovals {

  private final UnitQueries units;
  private final GateStore gates;
  private final SpaceService spaces;
  private final RevisionCompleter completer;
  private final Clock clock;

  GatesAndApprovals(
      UnitQueries units, GateStore gates, SpaceService spaces, RevisionCompleter completer, Clock clock) {
    this.units = units;
    this.gates = gates;
    this.spaces = spaces;
    this.completer = completer;
    this.clock = clock;
  }

  /** Records the caller's approval of a revision; approving twice counts once. */
  @Transactional
  public Approval approve(String space, String slug, RevisionRef ref, String approver) {
    Unit unit = units.get(space, slug);
    int num = units.resolve(unit, ref);
    gates.approve(unit.id(), num, approver, clock.instant().truncatedTo(ChronoUnit.MICROS));
    return new Approval(num, gates.approvals(unit.id(), num), spaces.get(space).requiredApprovals());
  }

  /**
   * Why revision {@code num} of the unit may not be applied: its gates, and too few approvals; empty when it may.
   */
  public List<String> applyBlockers(Unit unit, int num) {
    List<String> reasons = new ArrayList<>();
    gates.gates(unit.id(), num).forEach(gate -> reasons.add(gate.describe()));
    int required = spaces.get(unit.space()).requiredApprovals();
    List<String> approvals = gates.approvals(unit.id(), num);
    if (approvals.size() < required) {
      reasons.add("revision " + num + " has " + approvals.size() + " of the " + required + " approvals it needs"
          + (approvals.isEmpty() ? "" : " (approved by " + String.join(", ", approvals) + ")"));
    }
    return reasons;
  }

  /**
   * Checks every unit's head revision again (after the space's triggers changed); how many are gated now. Each unit's
   * gates are written on their own, as a trigger change may reach many units.
   */
  public int recheckHeads(String space) {
    int gated = 0;
    for (UnitStore.UnitKey key : units.select(space, UnitFilter.ALL)) {
      Unit unit = units.get(key.space(), key.unit());
      List<ApplyGate> found = completer.gates(unit.space(), unit.slug(), unit.data());
      gates.recordGates(unit.id(), unit.headRevisionNum(), found);
      gated += found.isEmpty() ? 0 : 1;
    }
    return gated;
  }
}
