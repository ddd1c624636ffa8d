package io.tandem.space.api;

import io.swagger.v3.oas.annotations.media.Schema;
import io.tandem.space.domain.Space;
import java.time.Instant;
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
    long unitCount,
    Instant createdAt,
    Instant updatedAt) {

  static SpaceResponse from(Space space) {
    return new SpaceResponse(
        space.id(),
        space.slug(),
        space.displayName(),
        space.labels(),
        space.driftMode().name(),
        space.requiredApprovals(),
        space.unitCount(),
        space.createdAt(),
        space.updatedAt());
  }
}
