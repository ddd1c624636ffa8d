package io.tandem.changeset.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.apply.api.BulkActionsApi.BulkResponse;
import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import io.tandem.common.paging.ListResponse;
import io.tandem.common.web.NoContent;
import java.time.Instant;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

@Tag(name = "change-sets", description = "Related changes across units under one description, applied together")
@RequestMapping(path = "/api/v1/spaces/{space}/change-sets", produces = MediaType.APPLICATION_JSON_VALUE)
public interface ChangeSetsApi {

  @Operation(operationId = "createChangeSet", summary = "Open a change set, with the units selected by where and/or units in it")
  @ApiResponse(responseCode = "201", description = "Created")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor)
  @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<ChangeSetResponse> createChangeSet(@PathVariable("space") String space, @RequestBody CreateChangeSetRequest request);

  @Operation(operationId = "listChangeSets", summary = "The space's change sets, by slug")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping
  ListResponse<ChangeSetResponse> listChangeSets(@PathVariable("space") String space);

  @Operation(operationId = "getChangeSet", summary = "A change set and the units in it")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping("/{changeSet}")
  ChangeSetResponse getChangeSet(@PathVariable("space") String space, @PathVariable("changeSet") String changeSet);

  @Operation(operationId = "addChangeSetUnits",
      summary = "Put more units into the change set; 409 if one is in another change set (then none is added)")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor)
  @PostMapping(path = "/{changeSet}/units", consumes = MediaType.APPLICATION_JSON_VALUE)
  ChangeSetResponse addChangeSetUnits(@PathVariable("space") String space, @PathVariable("changeSet") String changeSet,
      @RequestBody UnitSelection selection);

  @Operation(operationId = "removeChangeSetUnit", summary = "Take a unit out of the change set")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor)
  @DeleteMapping("/{changeSet}/units/{unit}")
  ChangeSetResponse removeChangeSetUnit(@PathVariable("space") String space, @PathVariable("changeSet") String changeSet,
      @PathVariable("unit") String unit);

  @Operation(operationId = "closeChangeSet", summary = "Every unit leaves the change set; its revisions keep naming it")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor)
  @PostMapping("/{changeSet}/close")
  ChangeSetResponse closeChangeSet(@PathVariable("space") String space, @PathVariable("changeSet") String changeSet);

  @Operation(operationId = "listChangeSetRevisions", summary = "The revisions made in the change set, oldest first")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping("/{changeSet}/revisions")
  ListResponse<ChangeSetRevision> listChangeSetRevisions(@PathVariable("space") String space, @PathVariable("changeSet") String changeSet);

  @Operation(operationId = "applyChangeSet", summary = "Apply, for every unit the change set changed, the newest revision it made there")
  @ApiResponse(responseCode = "200", description = "An apply was queued for every unit")
  @ApiResponse(responseCode = "207", description = "Some units could not be applied; see each result's error")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.applier, expensive = true)
  @PostMapping("/{changeSet}/apply")
  ResponseEntity<BulkResponse> applyChangeSet(@PathVariable("space") String space, @PathVariable("changeSet") String changeSet,
      @Parameter(description = "healthy: once applied, each apply waits for its unit's objects to be healthy, and a"
          + " unit's apply runs only once its providers' have completed; none: no wait; absent: as the space says",
          schema = @Schema(allowableValues = {"healthy", "none"})) @RequestParam(required = false) String waitFor,
      @Parameter(description = "With waitFor=healthy: how long each apply waits, 1s to 1h (30s, 5m, 1h; default 5m)")
          @RequestParam(required = false) String timeout);

  @Operation(operationId = "deleteChangeSet", summary = "Delete a change set no revision names (409 otherwise: close it)")
  @ApiResponse(responseCode = "204", description = "Deleted")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor)
  @DeleteMapping(path = "/{changeSet}", produces = NoContent.PRODUCES)
  ResponseEntity<Void> deleteChangeSet(@PathVariable("space") String space, @PathVariable("changeSet") String changeSet);

  @Schema(name = "CreateChangeSetRequest")
  record CreateChangeSetRequest(
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "bump-images") String slug,
      @Schema(example = "New images for the payment path") String description,
      @Schema(description = "Units to put in it, in the where language") String where,
      @Schema(description = "Unit slugs; ANDed with where") List<String> units) {}

  @Schema(name = "ChangeSetUnitSelection", description = "where and/or units; at least one")
  record UnitSelection(String where, List<String> units) {}

  @Schema(name = "ChangeSet")
  record ChangeSetResponse(String space, String slug, String description, Instant createdAt,
      @Schema(description = "The units in it now") List<String> units) {}

  @Schema(name = "ChangeSetRevision")
  record ChangeSetRevision(String unit, int revisionNum, String source, String description, String author, Instant createdAt) {}
}
