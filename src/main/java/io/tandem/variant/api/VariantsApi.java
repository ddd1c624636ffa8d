package io.tandem.variant.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import io.tandem.common.bulk.BulkError;
import io.tandem.imports.api.ImportsApi.ChartInfo;
import io.tandem.imports.api.ImportsApi.ChartReference;
import java.security.Principal;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

@Tag(name = "variants", description = "Clones of upstream units, upgraded with their own changes kept")
@RequestMapping(path = "/api/v1/spaces/{space}", produces = MediaType.APPLICATION_JSON_VALUE)
public interface VariantsApi {

  String STRATEGY = "merge (default): a path changed on both sides is a 409 conflict naming it; upstreamWins or"
      + " downstreamWins decide such paths";

  @Operation(operationId = "upgradeUnit",
      summary = "Merge the upstream's changes since the unit's base into its data (three-way; revision source Upgrade)",
      description = "A clone merges what its upstream unit changed since its base. A unit made from a Helm chart is"
          + " rendered again (with the body's chart, version or values, else its own) and merges what the rendering"
          + " changed since its last one; a body for any other unit is 400 validation-failed.")
  @ApiResponse(responseCode = "200", description = "Upgraded (or already up to date: changesApplied 0)")
  @ApiResponse(responseCode = "409", description = "Conflicts (code conflict), listed in 'conflicts'; nothing changed",
      content = @Content(mediaType = "application/problem+json", schema = @Schema(ref = "#/components/schemas/Problem")))
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor)
  @PostMapping("/units/{unit}/upgrade")
  UpgradeResult upgradeUnit(@PathVariable("space") String space, @PathVariable("unit") String unit,
      @Parameter(description = STRATEGY) @RequestParam(defaultValue = "merge") String strategy,
      @io.swagger.v3.oas.annotations.parameters.RequestBody(required = false,
          description = "Only for a unit made from a Helm chart")
          @RequestBody(required = false) ChartUpgrade body,
      Principal principal);

  @Schema(name = "ChartUpgrade", description = "What a unit made from a Helm chart is upgraded to; what is absent stays")
  record ChartUpgrade(
      @Schema(description = "Another chart: a packaged chart (.tgz) in base64, an oci:// reference, or a chart of an"
          + " HTTP repository", oneOf = {String.class, ChartReference.class}) Object chart,
      @Schema(description = "Another version of the unit's own chart (of an HTTP repository or OCI registry)",
          example = "6.7.1") String version,
      @Schema(description = "Values, as YAML (a mapping); they replace the unit's") String values) {}

  @Operation(operationId = "cloneUnits", summary = "Clone the units selected by where and/or units into each of toSpaces")
  @ApiResponse(responseCode = "200", description = "Every clone was made")
  @ApiResponse(responseCode = "207", description = "Some clones could not be made; see each result's error")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor, expensive = true)
  @PostMapping(path = "/clones", consumes = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<CloneResponse> cloneUnits(@PathVariable("space") String space, @RequestBody CloneRequest request, Principal principal);

  @Operation(operationId = "upgradeUnits", summary = "Upgrade every clone selected by where and/or units (e.g. where UpgradeNeeded = true)")
  @ApiResponse(responseCode = "200", description = "Every selected clone was upgraded")
  @ApiResponse(responseCode = "207", description = "Some upgrades failed (conflicts …); see each result's error")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor, expensive = true)
  @PostMapping(path = "/upgrades", consumes = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<UpgradesResponse> upgradeUnits(@PathVariable("space") String space, @RequestBody UpgradesRequest request,
      Principal principal);

  @Schema(name = "UpgradeResult")
  record UpgradeResult(
      String unit,
      int headRevisionNum,
      @Schema(description = "The upstream revision the unit was based on; null for a unit made from a chart")
          Integer fromUpstreamRevision,
      @Schema(description = "The upstream revision it is based on now; null for a unit made from a chart")
          Integer toUpstreamRevision,
      @Schema(description = "Upstream (or chart) changes taken") int changesApplied,
      @Schema(description = "Paths both sides changed, decided by the strategy") List<ConflictResponse> conflicts,
      @Schema(description = "A unit made from a chart: the chart it was rendered from") ChartInfo fromChart,
      @Schema(description = "A unit made from a chart: the chart it is rendered from now") ChartInfo toChart) {}

  @Schema(name = "UpgradeConflict")
  record ConflictResponse(String resource, String path, Object upstream, Object downstream) {}

  @Schema(name = "CloneRequest")
  record CloneRequest(
      String where,
      @Schema(description = "Unit slugs; ANDed with where") List<String> units,
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "[\"dev\", \"prod\"]") List<String> toSpaces) {}

  @Schema(name = "CloneResponse")
  record CloneResponse(List<CloneResult> results) {}

  @Schema(name = "CloneResult")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record CloneResult(String space, String unit, Integer headRevisionNum, BulkError error) {}

  @Schema(name = "UpgradesRequest")
  record UpgradesRequest(String where, List<String> units, @Schema(description = STRATEGY) String strategy) {}

  @Schema(name = "UpgradesResponse")
  record UpgradesResponse(List<UpgradesResult> results) {}

  @Schema(name = "UpgradesResult")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record UpgradesResult(String unit, UpgradeResult upgrade, BulkError error) {}
}
