package io.tandem.unit.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;
import io.tandem.space.api.IgnoreRuleBody;
import io.tandem.unit.domain.ApplyGate;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitSuspension;
import io.tandem.unit.domain.UnitView;
import io.tandem.unit.domain.UpstreamLookup;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.UnaryOperator;

@Schema(name = "Unit")
public record UnitResponse(
    UUID id,
    String space,
    String slug,
    String displayName,
    Map<String, String> labels,
    String target,
    @Schema(allowableValues = {"Report", "Capture", "Revert"}) String driftMode,
    @Schema(description = "Increases on every change, data or metadata; the ETag") long version,
    int headRevisionNum,
    int lastAppliedRevisionNum,
    int liveRevisionNum,
    int previousLiveRevisionNum,
    boolean unappliedChanges,
    @Schema(allowableValues = {"None", "Drifted", "Unknown"}) String drift,
    @Schema(description = "The last apply, refresh or destroy; null before the first") UnitStatus status,
    @Schema(description = "Why the head revision may not be applied: the triggers it fails; empty when none") List<ApplyGate> applyGates,
    @Schema(description = "Who approved the head revision") List<String> approvedBy,
    @Schema(description = "The change set the unit is in; its revisions record it") String changeSet,
    @Schema(description = "For a clone: its upstream, the upstream revision it is based on, and whether the upstream"
        + " has moved on since") UpstreamStatus upstream,
    @Schema(description = "The worst health of the unit's applied objects, kept current by the watches; null while it"
        + " has none") Health health,
    @Schema(description = "Why nothing automatic happens to the unit: its own suspension (scope Unit), else its space's"
        + " (scope Space); null when neither is suspended") Suspended suspended,
    @Schema(allowableValues = {"OnDemand", "Continuous"}, description = "The unit's own apply mode; null: its space's")
    String applyMode,
    @Schema(description = "Automatic applies (Continuous mode, reverts of drift) tried for the revision the server"
        + " wants live, counting one that runs; 0 after a success or a new head revision") int attempts,
    @Schema(description = "When a failed automatic apply is tried again (capped exponential backoff with jitter); null"
        + " when none waits; or when one that a sync window keeps may run") Instant nextAttemptAt,
    @JsonInclude(JsonInclude.Include.NON_NULL) @Schema(description = "Why the automatic apply waits until nextAttemptAt:"
        + " the sync windows that keep it; absent when none does") String waitingFor,
    @Schema(description = "The unit's own ignore rules; its space's apply too") List<IgnoreRuleBody> ignoreRules,
    @JsonInclude(JsonInclude.Include.NON_NULL) @Schema(description = "The head revision's YAML, when included") String data,
    Instant createdAt,
    Instant updatedAt) {

  @Schema(name = "UpstreamStatus")
  public record UpstreamStatus(String space, String unit, int baseRevisionNum, int upstreamHeadRevisionNum, boolean upgradeNeeded) {}

  @Schema(name = "UnitHealth")
  public record Health(
      @Schema(allowableValues = {"Healthy", "Progressing", "Degraded", "Missing", "Unknown"}) String status,
      @Schema(description = "The worst object and why: 'Deployment default/paymentservice: ProgressDeadlineExceeded'")
      String reason,
      @Schema(description = "The worst object ('Deployment default/paymentservice'); null when all are current")
      String object,
      @Schema(description = "When the unit's health last changed") Instant observedAt) {}

  @Schema(name = "UnitSuspension")
  public record Suspended(
      @Schema(description = "Who suspended") String by,
      String reason,
      Instant at,
      @Schema(allowableValues = {"Unit", "Space"}, description = "Whether the unit itself or its space is suspended")
      String scope) {}

  @Schema(name = "UnitStatus")
  public record UnitStatus(String action, String actionStatus, String result, String message, Instant at) {}

  /** The unit with its last action as its status, its head revision's gates and approvals, change set and upstream. */
  static UnitResponse from(UnitView view, UnaryOperator<String> secrets) {
    Unit unit = view.unit();
    return new UnitResponse(
        unit.id(),
        unit.space(),
        unit.slug(),
        unit.metadata().displayName(),
        unit.metadata().labels(),
        unit.metadata().target(),
        unit.metadata().driftMode().name(),
        unit.version(),
        unit.headRevisionNum(),
        unit.lastAppliedRevisionNum(),
        unit.liveRevisionNum(),
        unit.previousLiveRevisionNum(),
        unit.unappliedChanges(),
        unit.drift().name(),
        status(view.lastAction()),
        view.applyGates(),
        view.approvedBy(),
        view.changeSet(),
        upstream(view.upstream()),
        view.health() == null ? null : new Health(view.health().status().name(), view.health().reason(),
            view.health().object(), view.health().observedAt()),
        suspended(view.suspended()),
        view.reconciliation().applyMode() == null ? null : view.reconciliation().applyMode().name(),
        view.reconciliation().attempts(),
        view.reconciliation().nextAttemptAt(),
        view.reconciliation().waitingFor(),
        IgnoreRuleBody.from(view.reconciliation().ignoreRules()),
        unit.data() == null ? null : secrets.apply(unit.data()),
        unit.createdAt(),
        unit.updatedAt());
  }

  private static UnitStatus status(UnitView.LastAction last) {
    return last == null ? null
        : new UnitStatus(last.action().name(), last.status().name(), last.result(), last.message(), last.at());
  }

  private static Suspended suspended(UnitSuspension suspended) {
    return suspended == null ? null : new Suspended(suspended.suspension().by(), suspended.suspension().reason(),
        suspended.suspension().at(), suspended.scope().name());
  }

  private static UpstreamStatus upstream(UpstreamLookup.Upstream upstream) {
    return upstream == null ? null : new UpstreamStatus(upstream.space(), upstream.unit(), upstream.baseRevisionNum(),
        upstream.upstreamHeadRevisionNum(), upstream.upgradeNeeded());
  }
}
