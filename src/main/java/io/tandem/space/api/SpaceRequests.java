package io.tandem.space.api;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.Map;

/** Request bodies of the spaces API. */
final class SpaceRequests {

  private SpaceRequests() {}

  @Schema(name = "CreateSpaceRequest")
  record Create(
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "apptique-prod", pattern = "^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$")
          String slug,
      @Schema(description = "Defaults to the slug") String displayName,
      Map<String, String> labels,
      @Schema(allowableValues = {"Report", "Capture", "Revert"}, description = "Default for the space's units; Report when absent")
          String driftMode,
      @Schema(description = "Approvals a revision needs before it may be applied; default 0") Integer requiredApprovals) {}

  /** Documents the merge patch; the controller reads the raw JSON to tell absent fields from nulls. */
  @Schema(name = "SpacePatch", description = "JSON merge patch (RFC 7386): absent fields stay, null clears, labels merge key by key")
  record Patch(
      String displayName,
      Map<String, String> labels,
      @Schema(allowableValues = {"Report", "Capture", "Revert"}) String driftMode,
      Integer requiredApprovals) {}
}
