package io.tandem.space.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import io.tandem.common.paging.ListResponse;
import io.tandem.common.web.NoContent;
import java.security.Principal;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import tools.jackson.databind.JsonNode;

@Tag(name = "spaces", description = "Named containers of units")
@RequestMapping(path = "/api/v1/spaces", produces = MediaType.APPLICATION_JSON_VALUE)
public interface SpacesApi {

  String MERGE_PATCH = "application/merge-patch+json";

  @Operation(operationId = "createSpace", summary = "Create a space")
  @ApiResponse(responseCode = "201", description = "Created")
  @Access(value = Access.Who.SPACE_CREATOR)
  @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<SpaceResponse> createSpace(@RequestBody SpaceRequests.Create request, Principal principal);

  @Operation(operationId = "listSpaces", summary = "List spaces, ordered by slug",
      description = "The spaces where the caller has a role (organisation admins: all); a page may hold fewer than"
          + " limit spaces")
  @Access(value = Access.Who.ANY_CALLER)
  @GetMapping
  ListResponse<SpaceResponse> listSpaces(
      @Parameter(description = "Filter in the where language, e.g. Labels.tier = 'backend' AND HeadRevisionNum > LiveRevisionNum") @RequestParam(required = false) String where,
      @Parameter(description = "Page size, 1-1000") @RequestParam(required = false) Integer limit,
      @Parameter(description = "nextCursor of the previous page") @RequestParam(required = false) String cursor,
      Principal principal);

  @Operation(operationId = "getSpace", summary = "Get a space")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping("/{space}")
  SpaceResponse getSpace(@PathVariable("space") String space);

  @Operation(
      operationId = "patchSpace",
      summary = "Change a space's display name, labels or settings (JSON merge patch)",
      requestBody =
          @io.swagger.v3.oas.annotations.parameters.RequestBody(
              content = {
                @Content(mediaType = MERGE_PATCH, schema = @Schema(implementation = SpaceRequests.Patch.class)),
                @Content(mediaType = MediaType.APPLICATION_JSON_VALUE, schema = @Schema(implementation = SpaceRequests.Patch.class))
              }))
  @Access(value = Access.Who.SPACE_ROLE, role = Role.admin)
  @PatchMapping(path = "/{space}", consumes = {MERGE_PATCH, MediaType.APPLICATION_JSON_VALUE})
  SpaceResponse patchSpace(@PathVariable("space") String space, @RequestBody JsonNode patch);

  @Operation(operationId = "deleteSpace", summary = "Delete a space; with recursive=true its units too",
      description = "Units with objects on their targets leave them there, unmanaged: while the space's destroyGate is"
          + " on, deleting them needs confirm=<space slug>, else 409 confirmation-required naming them (units).")
  @ApiResponse(responseCode = "204", description = "Deleted")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.admin)
  @DeleteMapping(path = "/{space}", produces = NoContent.PRODUCES)
  ResponseEntity<Void> deleteSpace(
      @PathVariable("space") String space, @RequestParam(defaultValue = "false") boolean recursive,
      @Parameter(description = "The space's slug: confirms deleting units that have objects on clusters")
          @RequestParam(required = false) String confirm);
}
