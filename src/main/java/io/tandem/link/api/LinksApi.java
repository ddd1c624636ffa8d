package io.tandem.link.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import io.tandem.common.paging.ListResponse;
import io.tandem.common.web.NoContent;
import java.security.Principal;
import java.time.Instant;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

@Tag(name = "links", description = "A unit needs values of the units it links to; they apply first")
@RequestMapping(path = "/api/v1/spaces/{space}/units/{unit}/links", produces = MediaType.APPLICATION_JSON_VALUE)
public interface LinksApi {

  @Operation(operationId = "createLink",
      summary = "Link the unit to a provider; a placeholder namespace is filled from a linked Namespace at once")
  @ApiResponse(responseCode = "201", description = "Linked; the unit's head revision after filling")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor)
  @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<LinkResult> createLink(@PathVariable("space") String space, @PathVariable("unit") String unit,
      @RequestBody CreateLinkRequest request, Principal principal);

  @Operation(operationId = "listLinks", summary = "The unit's links: to its providers and from its consumers")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping
  ListResponse<LinkResponse> listLinks(@PathVariable("space") String space, @PathVariable("unit") String unit);

  @Operation(operationId = "deleteLink", summary = "Remove a link; filled values stay")
  @ApiResponse(responseCode = "204", description = "Removed")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor)
  @DeleteMapping(path = "/{to}", produces = NoContent.PRODUCES)
  ResponseEntity<Void> deleteLink(@PathVariable("space") String space, @PathVariable("unit") String unit,
      @PathVariable("to") String to,
      @Parameter(description = "The provider's space, when not this one") @RequestParam(required = false) String toSpace);

  @Schema(name = "CreateLinkRequest")
  record CreateLinkRequest(
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "namespace") String to,
      @Schema(description = "The provider's space; default this one") String toSpace) {}

  @Schema(name = "Link")
  record LinkResponse(String fromSpace, String fromUnit, String toSpace, String toUnit, Instant createdAt) {}

  @Schema(name = "LinkResult")
  record LinkResult(LinkResponse link, @Schema(description = "The unit's head after filling in what the link provides") int headRevisionNum) {}
}
