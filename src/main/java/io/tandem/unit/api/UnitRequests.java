package io.tandem.unit.api;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.Map;

/** Request bodies of the units API. */
final class UnitRequests {

  private UnitRequests() {}

  @Schema(name = "CreateUnitRequest")
  record Create(
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "paymentservice", pattern = "^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$")
          String slug,
      @Schema(description = "Multi-document Kubernetes YAML; required unless the unit is a clone of an upstream")
          String data,
      @Schema(description = "Defaults to the slug") String displayName,
      Map<String, String> labels,
      @Schema(description = "Slug of the target (cluster) the unit applies to") String target,
      @Schema(allowableValues = {"Report", "Capture", "Revert"}, description = "Defaults to the space's drift mode")
          String driftMode,
      String changeDescription,
      @Schema(description = "Clone this unit: the new unit starts with its head data and can be upgraded from it later")
          UpstreamRef upstream) {}

  @Schema(name = "UpstreamRef")
  record UpstreamRef(
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "base") String space,
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "paymentservice") String unit) {}

  @Schema(
      name = "UnitPatch",
      description =
          "JSON merge patch (RFC 7386): absent fields stay, null clears, labels merge key by key; a new revision only"
              + " when data changes. With ?restore=R only changeDescription is accepted.")
  record Patch(
      String displayName,
      Map<String, String> labels,
      String target,
      @Schema(allowableValues = {"Report", "Capture", "Revert"}) String driftMode,
      @Schema(description = "The whole new YAML text") String data,
      String changeDescription,
      @Schema(allowableValues = {"OnDemand", "Continuous"}, description = "Overrides the space's apply mode; null: the"
          + " space's. Not a change of the unit: its version stays") String applyMode,
      @Schema(description = "The unit's own ignore rules, added to its space's (replaces the list; null clears it)."
          + " Not a change of the unit: its version stays") java.util.List<io.tandem.space.api.IgnoreRuleBody> ignoreRules) {}
}
