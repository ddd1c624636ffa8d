package io.tandem.space.api;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.Map;

/** Request bodies of the spaces API. */
final class SpaceRequests {

  static final String APPLY_WAIT_FOR = "What applies of the space's units wait for when they do not say waitFor:"
      + " healthy, or none (null)";
  static final String APPLY_WAIT_TIMEOUT = "With applyWaitFor=healthy: how long, 1s to 1h (30s, 5m, 1h; default 5m)";
  static final String FOUR_EYES = "Four-eyes approval: an approval by the revision's author does not count, and is"
      + " refused (403 self-approval); default false";
  static final String DESTROY_GATE = "Destroying or deleting a unit with objects on a cluster needs confirm=<unit slug>"
      + " (bulk: confirm and count), else 409 confirmation-required; default true";

  static final String APPLY_MODE = "OnDemand: a person applies; Continuous: the server applies a new head revision once"
      + " its gates pass, and retries a failed apply with backoff. The default of the space's units; OnDemand when absent";

  private SpaceRequests() {}

  @Schema(name = "CreateSpaceRequest")
  record Create(
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "apptique-prod", pattern = "^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$")
          String slug,
      @Schema(description = "Defaults to the slug") String displayName,
      Map<String, String> labels,
      @Schema(allowableValues = {"Report", "Capture", "Revert"}, description = "Default for the space's units; Report when absent")
          String driftMode,
      @Schema(description = "Approvals a revision needs before it may be applied; default 0") Integer requiredApprovals,
      @Schema(allowableValues = {"healthy", "none"}, description = APPLY_WAIT_FOR) String applyWaitFor,
      @Schema(example = "5m", description = APPLY_WAIT_TIMEOUT) String applyWaitTimeout,
      @Schema(description = FOUR_EYES) Boolean fourEyes,
      @Schema(description = DESTROY_GATE) Boolean destroyGate) {}

  /** Documents the merge patch; the controller reads the raw JSON to tell absent fields from nulls. */
  @Schema(name = "SpacePatch", description = "JSON merge patch (RFC 7386): absent fields stay, null clears, labels merge key by key")
  record Patch(
      String displayName,
      Map<String, String> labels,
      @Schema(allowableValues = {"Report", "Capture", "Revert"}) String driftMode,
      Integer requiredApprovals,
      @Schema(allowableValues = {"healthy", "none"}, description = APPLY_WAIT_FOR) String applyWaitFor,
      @Schema(example = "5m", description = APPLY_WAIT_TIMEOUT) String applyWaitTimeout,
      @Schema(description = FOUR_EYES) Boolean fourEyes,
      @Schema(description = DESTROY_GATE) Boolean destroyGate,
      @Schema(allowableValues = {"OnDemand", "Continuous"}, description = APPLY_MODE) String applyMode,
      @Schema(description = IgnoreRuleBody.DESCRIPTION) java.util.List<IgnoreRuleBody> ignoreRules) {}
}
