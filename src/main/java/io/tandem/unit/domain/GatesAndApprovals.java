package io.tandem.unit.domain;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.space.domain.Space;
import io.tandem.space.domain.SpaceService;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
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
    return blockers(unit, num, gates.gates(unit.id(), num), gates.approvals(unit.id(), num), spaces.get(unit.space()));
  }

  /** A revision of a unit that is to be applied. */
  public record Candidate(Unit unit, int num) {}

  /**
   * {@link #applyBlockers} of each candidate, read at once: by unit id, only those that may not be applied.
   */
  public Map<UUID, List<String>> applyBlockers(Collection<Candidate> candidates) {
    List<GateStore.RevisionOf> revisions =
        candidates.stream().map(c -> new GateStore.RevisionOf(c.unit().id(), c.num())).toList();
    Map<GateStore.RevisionOf, List<ApplyGate>> gated = gates.gates(revisions);
    Map<GateStore.RevisionOf, List<String>> approved = gates.approvals(revisions);
    Map<String, Space> settings = new HashMap<>();
    Map<UUID, List<String>> blocked = new HashMap<>();
    for (Candidate candidate : candidates) {
      GateStore.RevisionOf revision = new GateStore.RevisionOf(candidate.unit().id(), candidate.num());
      List<String> reasons = blockers(candidate.unit(), candidate.num(), gated.getOrDefault(revision, List.of()),
          approved.getOrDefault(revision, List.of()), settings.computeIfAbsent(candidate.unit().space(), spaces::get));
      if (!reasons.isEmpty()) {
        blocked.put(candidate.unit().id(), reasons);
      }
    }
    return blocked;
  }

  private List<String> blockers(Unit unit, int num, List<ApplyGate> found, List<String> approvals, Space space) {
    List<String> reasons = new ArrayList<>();
    found.forEach(gate -> reasons.add(gate.describe()));
    int required = space.requiredApprovals();
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
