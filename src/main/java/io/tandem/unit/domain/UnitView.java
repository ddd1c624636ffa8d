package io.tandem.unit.domain;

import io.tandem.action.domain.UnitAction;
import io.tandem.health.domain.UnitHealth;
import java.time.Instant;
import java.util.List;

/**
 * A unit as its responses show it: with its last action, its head revision's gates and approvals, its change set
 * and, for a clone, its upstream.
 *
 * @param lastAction the last apply, refresh or destroy; null before the first
 * @param applyGates the gates of the head revision; empty when none
 * @param approvedBy who approved the head revision, in order
 * @param changeSet the slug of the change set the unit is in; null when none
 * @param upstream null unless the unit is a clone
 * @param health the worst of its applied objects' health; null while it has none
 * @param suspended its own suspension, else its space's; null when neither is suspended
 * @param reconciliation its apply mode, ignore rules and the state of its automatic apply
 */
public record UnitView(
    Unit unit, LastAction lastAction, List<ApplyGate> applyGates, List<String> approvedBy, String changeSet,
    UpstreamLookup.Upstream upstream, UnitHealth health, UnitSuspension suspended,
    UnitReconciliation reconciliation) {

  /** An action as a unit's status shows it; {@code at}: when it finished, else when it started, else was queued. */
  public record LastAction(UnitAction.Kind action, UnitAction.Status status, String result, String message, Instant at) {}
}
