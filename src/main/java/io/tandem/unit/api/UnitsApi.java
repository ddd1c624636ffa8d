package io.tandem.unit.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import io.tandem.common.paging.ListResponse;
import io.tandem.common.web.NoContent;
import java.security.Principal;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import tools.jackson.databind.JsonNode;

@Tag(name = "units", description = "Units of configuration, their revisions, restore and diff")
@RequestMapping(path = "/api/v1/spaces/{space}/units", produces = MediaType.APPLICATION_JSON_VALUE)
public interface UnitsApi {

  String MERGE_PATCH = "application/merge-patch+json";
  String YAML = "application/yaml";
  String REVISION_REF =
      "A revision: a positive number, 0 or a negative number relative to head (-1 is the one before head), head,"
          + " live or previousLive";
  String IF_MATCH = "The unit's version as an entity tag (\"7\"); a stale one gets 412 and changes nothing";

  @Operation(operationId = "createUnit", summary = "Create a unit with its first revision (source Create)")
  @ApiResponse(
      responseCode = "201",
      description = "Created",
      headers = @Header(name = HttpHeaders.ETAG, description = "The unit's version", schema = @Schema(type = "string")))
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor)
  @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<UnitResponse> createUnit(
      @PathVariable("space") String space, @RequestBody UnitRequests.Create request, Principal principal);

  @Operation(operationId = "listUnits", summary = "List the units of a space, ordered by slug")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping
  ListResponse<UnitResponse> listUnits(
      @PathVariable("space") String space,
      @Parameter(description = "Filter in the where language, e.g. Labels.tier = 'backend' AND HeadRevisionNum > LiveRevisionNum") @RequestParam(required = false) String where,
      @Parameter(description = "Only units with a resource of this type, e.g. apps/v1/Deployment") @RequestParam(required = false) String resourceType,
      @Parameter(description = "Conditions on paths of such a resource, e.g. spec.replicas < 2 AND spec.template.spec.containers.*.image LIKE '%:latest'") @RequestParam(required = false) String whereData,
      @Parameter(description = "Page size, 1-1000") @RequestParam(required = false) Integer limit,
      @Parameter(description = "nextCursor of the previous page") @RequestParam(required = false) String cursor,
      @Parameter(description = "'data' to include each unit's head data", schema = @Schema(allowableValues = "data"))
          @RequestParam(required = false)
          String include,
      Principal principal);

  @Operation(operationId = "getUnit", summary = "Get a unit with its head data",
      description = "Secret values read *** unless the caller may read secrets (in every answer with unit data).")
  @ApiResponse(
      responseCode = "200",
      description = "OK",
      headers = @Header(name = HttpHeaders.ETAG, description = "The unit's version", schema = @Schema(type = "string")))
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping("/{unit}")
  ResponseEntity<UnitResponse> getUnit(@PathVariable("space") String space, @PathVariable("unit") String unit, Principal principal);

  @Operation(
      operationId = "patchUnit",
      summary = "Change a unit (JSON merge patch), or restore a revision with ?restore=R",
      description =
          "Without restore: merge patch over displayName, labels, target, driftMode, data and changeDescription; a"
              + " new revision (source Update) only when data changes. With restore=R: a new head revision with the"
              + " data of revision R (source Restore); the body may carry changeDescription. The cluster is not"
              + " touched, except by a change of target with moveObjects=true. A change of the target of a unit that has"
              + " objects on its target is 409 unit-is-live, and changes nothing, unless moveObjects=true: then the"
              + " change queues a destroy of the objects on the old target and, once that has completed, an apply of"
              + " the live revision on the new one; that needs the role applier, and, while the space's destroyGate is"
              + " on, confirm=<unit slug> (409 confirmation-required otherwise). Setting applyMode, or driftMode to"
              + " Revert, needs applier too.",
      requestBody =
          @io.swagger.v3.oas.annotations.parameters.RequestBody(
              required = false,
              content = {
                @Content(mediaType = MERGE_PATCH, schema = @Schema(implementation = UnitRequests.Patch.class)),
                @Content(mediaType = MediaType.APPLICATION_JSON_VALUE, schema = @Schema(implementation = UnitRequests.Patch.class))
              }))
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor)
  @PatchMapping(path = "/{unit}", consumes = {MERGE_PATCH, MediaType.APPLICATION_JSON_VALUE})
  ResponseEntity<UnitResponse> patchUnit(
      @PathVariable("space") String space,
      @PathVariable("unit") String unit,
      @Parameter(description = REVISION_REF) @RequestParam(required = false) String restore,
      @Parameter(description = "With a new target for a unit that has objects on its old one: move them (destroy there,"
          + " then apply the live revision on the new target, through the action queue)")
          @RequestParam(defaultValue = "false") boolean moveObjects,
      @Parameter(description = "With moveObjects, while the space's destroy gate is on: the unit's slug, confirming the"
          + " destroy on the old target") @RequestParam(required = false) String confirm,
      @Parameter(description = IF_MATCH) @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
      @RequestBody(required = false) JsonNode patch,
      Principal principal);

  @Operation(operationId = "deleteUnit", summary = "Delete a unit and its revisions",
      description = "A unit live on a target is 409 conflict unless force=true; its objects then stay on the cluster,"
          + " unmanaged, and while it has objects there and the space's destroyGate is on, the call must also say"
          + " confirm=<unit slug>, else 409 confirmation-required naming the objects (objects). Nothing is deleted"
          + " when it is refused.")
  @ApiResponse(responseCode = "204", description = "Deleted")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor)
  @DeleteMapping(path = "/{unit}", produces = NoContent.PRODUCES)
  ResponseEntity<Void> deleteUnit(
      @PathVariable("space") String space,
      @PathVariable("unit") String unit,
      @Parameter(description = "Delete even when it is live on a target (its objects stay on the cluster)")
          @RequestParam(defaultValue = "false")
          boolean force,
      @Parameter(description = "The unit's slug: confirms deleting a unit that has objects on its target")
          @RequestParam(required = false) String confirm,
      @Parameter(description = IF_MATCH) @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch);

  @Operation(
      operationId = "getUnitData",
      summary = "Get the YAML of a revision (default head)",
      description = "The YAML text as application/yaml, unless the caller prefers application/json: then the same"
          + " text as a JSON string (what generated clients, which decode JSON, ask for).")
  @ApiResponse(responseCode = "200", description = "OK", content = {
      @Content(mediaType = MediaType.APPLICATION_JSON_VALUE, schema = @Schema(type = "string")),
      @Content(mediaType = YAML, schema = @Schema(type = "string"))})
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping(path = "/{unit}/data", produces = {MediaType.APPLICATION_JSON_VALUE, YAML})
  ResponseEntity<String> getUnitData(
      @PathVariable("space") String space,
      @PathVariable("unit") String unit,
      @Parameter(description = REVISION_REF) @RequestParam(defaultValue = "head") String revision,
      @Parameter(hidden = true) @RequestHeader(name = HttpHeaders.ACCEPT, required = false) String accept,
      Principal principal);

  @Operation(operationId = "putUnitData", summary = "Replace the unit's YAML (a new revision, source Update, unless identical)")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor)
  @PutMapping(
      path = "/{unit}/data",
      consumes = {MediaType.APPLICATION_JSON_VALUE, YAML, "application/x-yaml", "text/yaml", MediaType.TEXT_PLAIN_VALUE})
  ResponseEntity<UnitResponse> putUnitData(
      @PathVariable("space") String space,
      @PathVariable("unit") String unit,
      @Parameter(description = "Description of the new revision") @RequestParam(required = false) String changeDescription,
      @Parameter(description = IF_MATCH) @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
      @io.swagger.v3.oas.annotations.parameters.RequestBody(
              description = "The YAML text; as application/json, the text as it is or as one JSON string",
              content = {
                @Content(mediaType = MediaType.APPLICATION_JSON_VALUE, schema = @Schema(type = "string")),
                @Content(mediaType = YAML, schema = @Schema(type = "string"))
              })
          @RequestBody(required = false)
          String data,
      @Parameter(hidden = true) @RequestHeader(name = HttpHeaders.CONTENT_TYPE, required = false) String contentType,
      Principal principal);

  @Operation(operationId = "listRevisions", summary = "List a unit's revisions, newest first, without data")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping("/{unit}/revisions")
  ListResponse<RevisionResponse> listRevisions(
      @PathVariable("space") String space,
      @PathVariable("unit") String unit,
      @Parameter(description = "Page size, 1-1000") @RequestParam(required = false) Integer limit,
      @Parameter(description = "nextCursor of the previous page") @RequestParam(required = false) String cursor);

  @Operation(operationId = "getRevision", summary = "Get a revision with its data and mutations")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping("/{unit}/revisions/{revision}")
  RevisionResponse getRevision(
      @PathVariable("space") String space,
      @PathVariable("unit") String unit,
      @Parameter(description = REVISION_REF) @PathVariable("revision") String revision,
      Principal principal);

  @Operation(operationId = "diffUnit", summary = "Compare two revisions, per resource and path and as a unified diff")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping("/{unit}/diff")
  DiffResponse diffUnit(
      @PathVariable("space") String space,
      @PathVariable("unit") String unit,
      @Parameter(description = REVISION_REF + ", or liveState (the objects as last observed on the target)") @RequestParam(defaultValue = "-1") String from,
      @Parameter(description = REVISION_REF + ", or liveState") @RequestParam(defaultValue = "head") String to,
      Principal principal);

  @Operation(
      operationId = "approveUnit",
      summary = "Approve a revision (default head) as the caller; a space's requiredApprovals must be met before apply")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor)
  @PostMapping("/{unit}/approve")
  ApprovalResponse approveUnit(
      @PathVariable("space") String space,
      @PathVariable("unit") String unit,
      @Parameter(description = REVISION_REF) @RequestParam(defaultValue = "head") String revision,
      Principal principal);

  @Schema(name = "Approval")
  record ApprovalResponse(
      String unit,
      int revisionNum,
      @Schema(description = "Everyone who approved this revision") List<String> approvedBy,
      int requiredApprovals) {}
}
