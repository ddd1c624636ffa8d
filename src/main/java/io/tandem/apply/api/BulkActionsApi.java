package io.tandem.apply.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.apply.domain.BulkActions;
import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import io.tandem.common.bulk.BulkError;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;

@Tag(name = "actions")
@RequestMapping(path = "/api/v1", produces = MediaType.APPLICATION_JSON_VALUE)
public interface BulkActionsApi {

  @Operation(operationId = "runSpaceActions", summary = "Apply, refresh or destroy the selected units of a space",
      description = "A destroy of units with objects on their targets needs confirm=true and count (the number of"
          + " units selected) while their space's destroyGate is on.")
  @ApiResponse(responseCode = "200", description = "An action was queued for every unit")
  @ApiResponse(responseCode = "207", description = "Some units could not be acted on; see each result's error")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.applier, expensive = true)
  @PostMapping(path = "/spaces/{space}/actions", consumes = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<BulkResponse> runSpaceActions(@PathVariable("space") String space, @RequestBody BulkRequest request);

  @Operation(
      operationId = "runActions",
      summary = "Apply, refresh or destroy the selected units of every space",
      description = "Named units read space/unit; where may use Space.Slug and Space.Labels.<key>. A destroy of units"
          + " with objects on their targets needs confirm=true and count while their space's destroyGate is on.")
  @ApiResponse(responseCode = "200", description = "An action was queued for every unit")
  @ApiResponse(responseCode = "207", description = "Some units could not be acted on; see each result's error")
  @Access(value = Access.Who.ORG_ADMIN, expensive = true)
  @PostMapping(path = "/actions", consumes = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<BulkResponse> runActions(@RequestBody BulkRequest request);

  @Schema(name = "BulkActionRequest")
  record BulkRequest(
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, allowableValues = {"apply", "refresh", "destroy"}) String action,
      @Schema(description = "Unit slugs (space/unit across spaces); ANDed with the filters") List<String> units,
      String where,
      String resourceType,
      String whereData,
      @Schema(description = "Only say which units would be acted on") Boolean dryRun,
      @Schema(description = "Of apply: " + UnitActionsApi.WAIT_FOR + "; a unit's apply runs only once its providers'"
          + " applies (in this request) have completed", allowableValues = {"healthy", "none"}) String waitFor,
      @Schema(description = "Of apply: " + UnitActionsApi.WAIT_TIMEOUT) String timeout,
      @Schema(description = "Of destroy: confirms deleting the units' objects from their clusters; needed, with count,"
          + " when a selected unit has objects on its target and its space's destroyGate is on (else 409"
          + " confirmation-required and nothing is queued)") Boolean confirm,
      @Schema(description = "Of destroy, with confirm: how many units the request selects (as its dryRun lists them);"
          + " another number is 409 confirmation-required", minimum = "0") Integer count) {}

  @Schema(name = "BulkActionResponse")
  record BulkResponse(List<BulkResult> results) {

    /** 200 when an action was queued for every unit, else 207 with each unit's error. */
    public static ResponseEntity<BulkResponse> of(List<BulkActions.Result> results) {
      List<BulkResult> body =
          results.stream()
              .map(result -> new BulkResult(
                  result.space(),
                  result.unit(),
                  result.action() == null ? null : UnitActionResponse.from(result.action()),
                  BulkError.of(result.error())))
              .toList();
      boolean allQueued = results.stream().allMatch(result -> result.error() == null);
      return ResponseEntity.status(allQueued ? HttpStatus.OK : HttpStatus.MULTI_STATUS).body(new BulkResponse(body));
    }
  }

  @Schema(name = "BulkActionResult")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record BulkResult(String space, String unit, UnitActionResponse action, BulkError error) {}
}
