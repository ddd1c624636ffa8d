package io.tandem.tag.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.apply.api.BulkActionsApi.BulkResponse;
import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import io.tandem.common.bulk.BulkError;
import io.tandem.common.paging.ListResponse;
import io.tandem.common.web.NoContent;
import java.security.Principal;
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

@Tag(name = "tags", description = "Named sets of revisions across units: restore them, apply them")
@RequestMapping(path = "/api/v1/spaces/{space}/tags", produces = MediaType.APPLICATION_JSON_VALUE)
public interface TagsApi {

  @Operation(operationId = "createTag", summary = "Tag the head (or live) revision of the units selected by where and/or units")
  @ApiResponse(responseCode = "201", description = "Created, with the revisions it names")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor)
  @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<TagResponse> createTag(@PathVariable("space") String space, @RequestBody CreateTagRequest request);

  @Operation(operationId = "listTags", summary = "The space's tags, by slug")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping
  ListResponse<TagResponse> listTags(@PathVariable("space") String space);

  @Operation(operationId = "getTag", summary = "A tag and the revisions it names")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping("/{tag}")
  TagResponse getTag(@PathVariable("space") String space, @PathVariable("tag") String tag);

  @Operation(operationId = "deleteTag", summary = "Delete a tag; the revisions stay")
  @ApiResponse(responseCode = "204", description = "Deleted")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor)
  @DeleteMapping(path = "/{tag}", produces = NoContent.PRODUCES)
  ResponseEntity<Void> deleteTag(@PathVariable("space") String space, @PathVariable("tag") String tag);

  @Operation(operationId = "restoreTag",
      summary = "Give every tagged unit a new head revision with its tagged revision's data (as restore=tag:<name>)")
  @ApiResponse(responseCode = "200", description = "Every tagged unit was restored")
  @ApiResponse(responseCode = "207", description = "Some units could not be restored; see each result's error")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor)
  @PostMapping("/{tag}/restore")
  ResponseEntity<RestoreResponse> restoreTag(@PathVariable("space") String space, @PathVariable("tag") String tag, Principal principal);

  @Operation(operationId = "applyTag", summary = "Apply every tagged unit's tagged revision to its target")
  @ApiResponse(responseCode = "200", description = "An apply was queued for every tagged unit")
  @ApiResponse(responseCode = "207", description = "Some units could not be applied (gated, no target …); see each result's error")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.applier, expensive = true)
  @PostMapping("/{tag}/apply")
  ResponseEntity<BulkResponse> applyTag(@PathVariable("space") String space, @PathVariable("tag") String tag,
      @Parameter(description = "healthy: once applied, each apply waits for its unit's objects to be healthy, and a"
          + " unit's apply runs only once its providers' have completed; none: no wait; absent: as the space says",
          schema = @Schema(allowableValues = {"healthy", "none"})) @RequestParam(required = false) String waitFor,
      @Parameter(description = "With waitFor=healthy: how long each apply waits, 1s to 1h (30s, 5m, 1h; default 5m)")
          @RequestParam(required = false) String timeout);

  @Schema(name = "CreateTagRequest")
  record CreateTagRequest(
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "release-42") String slug,
      String description,
      @Schema(description = "Units to tag, in the where language; neither where nor units tags every unit") String where,
      @Schema(description = "Unit slugs; ANDed with where") List<String> units,
      @Schema(allowableValues = {"head", "live"}, description = "Default head") String revision) {}

  @Schema(name = "Tag")
  record TagResponse(String space, String slug, String description, Instant createdAt, List<TaggedRevision> revisions) {}

  @Schema(name = "TaggedRevision")
  record TaggedRevision(String unit, int revisionNum) {}

  @Schema(name = "TagRestoreResponse")
  record RestoreResponse(List<RestoreResult> results) {}

  @Schema(name = "TagRestoreResult")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record RestoreResult(
      String unit,
      @Schema(description = "The new head revision, with the tagged revision's data") Integer headRevisionNum,
      BulkError error) {}
}
