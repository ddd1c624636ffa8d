package io.tandem.unit.domain;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.space.domain.Space;
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

  /**
   * Records the caller's approval of a revision; approving twice counts once.
   *
   * @throws TandemException {@code self-approval} when the space has four-eyes approval on and the caller wrote the
   *     revision; nothing is recorded then
   */
  @Transactional
  public Approval approve(String space, String slug, RevisionRef ref, String approver) {
    Unit unit = units.get(space, slug);
    int num = units.resolve(unit, ref);
    Space settings = spaces.get(space);
    if (settings.fourEyes() && approver.equals(units.revision(unit, num).author())) {
      throw new TandemException(ProblemCode.SELF_APPROVAL, "Revision " + num + " of unit '" + slug + "' was written by "
          + approver + ", and space '" + space + "' has four-eyes approval on: its author's approval does not count."
          + " Another person must approve it.");
    }
    gates.approve(unit.id(), num, approver, clock.instant().truncatedTo(ChronoUnit.MICROS));
    return new Approval(num, gates.approvals(unit.id(), num), settings.requiredApprovals());
  }

  /**
   * Why revision {@code num} of the unit may not be applied: its gates, and too few approvals; empty when it may.
   */
  public List<String> applyBlockers(Unit unit, int num) {
    List<String> reasons = new ArrayList<>();
    gates.gates(unit.id(), num).forEach(gate -> reasons.add(gate.describe()));
    Space space = spaces.get(unit.space());
    int required = space.requiredApprovals();
    List<String> approvals = gates.approvals(unit.id(), num);
    if (required == 0 || approvals.isEmpty()) {
      if (approvals.size() < required) {
        reasons.add("revision " + num + " has 0 of the " + required + " approvals it needs");
      }
      return reasons;
    }
    // an approval the author gave before four-eyes was turned on does not count either
    String author = space.fourEyes() ? units.revision(unit, num).author() : null;
    List<String> counted = approvals.stream().filter(approver -> !approver.equals(author)).toList();
    if (counted.size() < required) {
      reasons.add("revision " + num + " has " + counted.size() + " of the " + required + " approvals it needs"
          + " (approved by " + String.join(", ", approvals)
          + (counted.size() < approvals.size() ? "; its author's approval does not count under four-eyes" : "") + ")");
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
