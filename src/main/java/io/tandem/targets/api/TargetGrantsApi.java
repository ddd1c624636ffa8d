package io.tandem.targets.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.common.access.Access;
import io.tandem.common.web.NoContent;
import java.security.Principal;
import java.time.Instant;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;

@Tag(name = "targets")
@RequestMapping(path = "/api/v1/targets/{target}/grants", produces = MediaType.APPLICATION_JSON_VALUE)
public interface TargetGrantsApi {

  String SPACE = "A space's slug, or * for every space";

  @Operation(operationId = "listTargetGrants", summary = "Which spaces may use the target, and for what")
  @Access(value = Access.Who.ORG_ADMIN)
  @GetMapping
  GrantList listTargetGrants(@PathVariable("target") String target);

  @Operation(operationId = "putTargetGrant", summary = "Let a space (or every space) use the target; replaces its grant")
  @Access(value = Access.Who.ORG_ADMIN)
  @PutMapping(path = "/{space}", consumes = MediaType.APPLICATION_JSON_VALUE)
  TargetGrantResponse putTargetGrant(@PathVariable("target") String target,
      @Parameter(description = SPACE) @PathVariable("space") String space, @RequestBody GrantRequest request,
      Principal principal);

  @Operation(operationId = "deleteTargetGrant", summary = "Take a space's grant on the target away")
  @ApiResponse(responseCode = "204", description = "Revoked")
  @Access(value = Access.Who.ORG_ADMIN)
  @DeleteMapping(path = "/{space}", produces = NoContent.PRODUCES)
  ResponseEntity<Void> deleteTargetGrant(@PathVariable("target") String target,
      @Parameter(description = SPACE) @PathVariable("space") String space);

  @Schema(name = "TargetGrantRequest")
  record GrantRequest(
      @ArraySchema(schema = @Schema(allowableValues = {"apply", "import", "read-live"}),
          arraySchema = @Schema(requiredMode = Schema.RequiredMode.REQUIRED,
              description = "apply (apply, destroy, move; includes read-live), import (source: cluster), read-live"
                  + " (refresh, watches, live state)")) List<String> uses,
      @Schema(description = "Namespaces its objects may be in: names, prefixes ending in * (team-a-*), or * (the"
          + " default) for all") List<String> namespaces,
      @Schema(description = "May apply objects of cluster scope (Namespaces, ClusterRoles, CRDs …); default false")
          Boolean clusterScoped,
      @Schema(description = "A cluster import brings Secret values into the space; default false (Secrets are"
          + " skipped)") Boolean secrets) {}

  @Schema(name = "TargetGrant")
  record TargetGrantResponse(String target, @Schema(description = SPACE) String space, List<String> uses,
      List<String> namespaces, boolean clusterScoped, boolean secrets, String grantedBy, Instant grantedAt) {}

  @Schema(name = "TargetGrantList")
  record GrantList(List<TargetGrantResponse> items) {}
}
