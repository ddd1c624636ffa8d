package io.tandem.health.api;

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
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;

@Tag(name = "health-rules", description = "When objects of a kind are healthy: CEL rules, per space or server-wide")
public interface HealthRulesApi {

  String KIND = "The kind as Kind.group (Certificate.cert-manager.io), or Kind alone for the core group";

  @Operation(operationId = "listHealthRules",
      summary = "The server's health rules and the library's (for kinds the server has no rule of)")
  @Access(Access.Who.ANY_CALLER)
  @GetMapping(path = "/api/v1/health-rules", produces = MediaType.APPLICATION_JSON_VALUE)
  ListResponse<HealthRuleResponse> listHealthRules();

  @Operation(operationId = "putHealthRule", summary = "Set the server's health rule of a kind")
  @Access(Access.Who.ORG_ADMIN)
  @PutMapping(path = "/api/v1/health-rules/{kind}", consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  HealthRuleResponse putHealthRule(@Parameter(description = KIND) @PathVariable("kind") String kind,
      @RequestBody HealthRuleRequest request, Principal principal);

  @Operation(operationId = "deleteHealthRule", summary = "Remove the server's health rule of a kind")
  @ApiResponse(responseCode = "204", description = "Removed")
  @Access(Access.Who.ORG_ADMIN)
  @DeleteMapping(path = "/api/v1/health-rules/{kind}", produces = NoContent.PRODUCES)
  ResponseEntity<Void> deleteHealthRule(@Parameter(description = KIND) @PathVariable("kind") String kind);

  @Operation(operationId = "listSpaceHealthRules",
      summary = "The health rules that hold in the space: its own, then the server's and the library's")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping(path = "/api/v1/spaces/{space}/health-rules", produces = MediaType.APPLICATION_JSON_VALUE)
  ListResponse<HealthRuleResponse> listSpaceHealthRules(@PathVariable("space") String space);

  @Operation(operationId = "putSpaceHealthRule", summary = "Set the space's health rule of a kind")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.admin)
  @PutMapping(path = "/api/v1/spaces/{space}/health-rules/{kind}", consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  HealthRuleResponse putSpaceHealthRule(@PathVariable("space") String space,
      @Parameter(description = KIND) @PathVariable("kind") String kind, @RequestBody HealthRuleRequest request,
      Principal principal);

  @Operation(operationId = "deleteSpaceHealthRule", summary = "Remove the space's health rule of a kind")
  @ApiResponse(responseCode = "204", description = "Removed")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.admin)
  @DeleteMapping(path = "/api/v1/spaces/{space}/health-rules/{kind}", produces = NoContent.PRODUCES)
  ResponseEntity<Void> deleteSpaceHealthRule(@PathVariable("space") String space,
      @Parameter(description = KIND) @PathVariable("kind") String kind);

  @Schema(name = "HealthRuleRequest")
  record HealthRuleRequest(
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "CEL over the live object ('object'): true once"
          + " it is healthy", example = "has(object.status) && object.status.phase == 'Ready'") String healthy,
      @Schema(description = "CEL: true once it has failed (Degraded)", example = "object.status.phase == 'Failed'")
      String degraded,
      @Schema(description = "CEL giving text: why, in a few words", example = "object.status.phase") String reason) {}

  @Schema(name = "HealthRule")
  record HealthRuleResponse(
      @Schema(example = "Certificate.cert-manager.io") String kind,
      @Schema(description = "The API group, empty for the core group") String group,
      String healthy, String degraded, String reason,
      @Schema(description = "Whose rule it is", allowableValues = {"space", "server", "library"}) String scope,
      @Schema(description = "The space of a space's rule") String space,
      Instant updatedAt, String updatedBy) {}
}
