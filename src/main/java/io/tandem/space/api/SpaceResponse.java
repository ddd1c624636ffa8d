package io.tandem.space.api;

import io.swagger.v3.oas.annotations.media.Schema;
import io.tandem.health.domain.ApplyWait;
import io.tandem.space.domain.Space;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

@Schema(name = "Space")
public record SpaceResponse(
    UUID id,
    String slug,
    String displayName,
    Map<String, String> labels,
    @Schema(allowableValues = {"Report", "Capture", "Revert"}) String driftMode,
    @Schema(description = "Approvals a revision needs before it may be applied") int requiredApprovals,
    @Schema(allowableValues = {"healthy"}, description = SpaceRequests.APPLY_WAIT_FOR) String applyWaitFor,
    @Schema(example = "5m", description = SpaceRequests.APPLY_WAIT_TIMEOUT) String applyWaitTimeout,
    @Schema(description = SpaceRequests.FOUR_EYES) boolean fourEyes,
    @Schema(description = SpaceRequests.DESTROY_GATE) boolean destroyGate,
    @Schema(allowableValues = {"OnDemand", "Continuous"}, description = SpaceRequests.APPLY_MODE) String applyMode,
    @Schema(description = IgnoreRuleBody.DESCRIPTION) List<IgnoreRuleBody> ignoreRules,
    @Schema(description = "Who stopped everything automatic for the space's units, why and when"
        + " (POST …/suspend); null when it runs") SuspensionResponse suspended,
    long unitCount,
    Instant createdAt,
    Instant updatedAt) {

  public static SpaceResponse from(Space space) {
    return new SpaceResponse(
        space.id(),
        space.slug(),
        space.displayName(),
        space.labels(),
        space.driftMode().name(),
        space.requiredApprovals(),
        space.applyWait().waits() ? "healthy" : null,
        space.applyWait().waits() ? ApplyWait.describe(space.applyWait().timeout()) : null,
        space.fourEyes(),
        space.destroyGate(),
        space.applyMode().name(),
        IgnoreRuleBody.from(space.ignoreRules()),
        SuspensionResponse.from(space.suspended()),
        space.unitCount(),
        space.createdAt(),
        space.updatedAt());
  }
}
