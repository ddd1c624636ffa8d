package io.tandem.targets.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.common.access.Access;
import io.tandem.common.paging.ListResponse;
import io.tandem.common.web.NoContent;
import java.util.List;
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

@Tag(name = "targets", description = "Registered clusters; credentials are write-only")
@RequestMapping(path = "/api/v1/targets", produces = MediaType.APPLICATION_JSON_VALUE)
public interface TargetsApi {

  String MERGE_PATCH = "application/merge-patch+json";

  @Operation(operationId = "createTarget", summary = "Register a cluster from a kubeconfig, or a server URL and token")
  @ApiResponse(responseCode = "201", description = "Registered, with the result of a first health check")
  @Access(value = Access.Who.ORG_ADMIN)
  @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<TargetResponse> createTarget(@RequestBody CreateTargetRequest request);

  @Operation(operationId = "listTargets", summary = "List targets, ordered by slug")
  @Access(value = Access.Who.ANY_CALLER)
  @GetMapping
  ListResponse<TargetResponse> listTargets(
      @Parameter(description = "Page size, 1-1000") @RequestParam(required = false) Integer limit,
      @Parameter(description = "nextCursor of the previous page") @RequestParam(required = false) String cursor);

  @Operation(operationId = "getTarget", summary = "Get a target and its last health check")
  @Access(value = Access.Who.ANY_CALLER)
  @GetMapping("/{target}")
  TargetResponse getTarget(@PathVariable("target") String target);

  @Operation(
      operationId = "patchTarget",
      summary = "Change a target's namespace or credentials (JSON merge patch); checks its health again",
      requestBody =
          @io.swagger.v3.oas.annotations.parameters.RequestBody(
              content = @Content(mediaType = MERGE_PATCH, schema = @Schema(implementation = TargetPatch.class))))
  @Access(value = Access.Who.ORG_ADMIN)
  @PatchMapping(path = "/{target}", consumes = {MERGE_PATCH, MediaType.APPLICATION_JSON_VALUE})
  TargetResponse patchTarget(@PathVariable("target") String target, @RequestBody JsonNode patch);

  @Operation(operationId = "checkTarget", summary = "Check a target's health now")
  @Access(value = Access.Who.ORG_ADMIN)
  @PostMapping("/{target}/check")
  TargetResponse checkTarget(@PathVariable("target") String target);

  @Operation(operationId = "deleteTarget", summary = "Delete a target no unit uses")
  @ApiResponse(responseCode = "204", description = "Deleted")
  @Access(value = Access.Who.ORG_ADMIN)
  @DeleteMapping(path = "/{target}", produces = NoContent.PRODUCES)
  ResponseEntity<Void> deleteTarget(@PathVariable("target") String target);

  @Operation(
      operationId = "getSandboxKubeconfig",
      summary = "The kubeconfig of the built-in sandbox cluster, for other tools (only the sandbox has one here)")
  @ApiResponse(responseCode = "200", description = "OK", content = @Content(mediaType = "application/yaml", schema = @Schema(type = "string")))
  @Access(value = Access.Who.ORG_ADMIN)
  @GetMapping(path = "/{target}/kubeconfig", produces = "application/yaml")
  ResponseEntity<String> getKubeconfig(@PathVariable("target") String target);

  @Schema(name = "CreateTargetRequest",
      description = "Either kubeconfig (and context), or server and token, or a connection through a worker")
  record CreateTargetRequest(
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "prod-east") String slug,
      @Schema(description = "Write-only. Its certificate-authority-data, client-certificate-data and client-key-data"
        + " must be base64 PEM, or the request is 400 validation-failed") String kubeconfig,
      String context,
      String namespace,
      String server,
      @Schema(description = "Write-only bearer token") String token,
      @Schema(description = "The cluster's CA: PEM certificate(s), base64 on one line; anything else is 400"
        + " validation-failed") String caData,
      Boolean insecureSkipTlsVerify,
      @Schema(description = "The cluster is reached through a worker that runs beside it (POST /api/v1/workers); the"
          + " server then holds no credential of it") TargetConnection connection) {

    @Override
    public String toString() {
      return "CreateTargetRequest[slug=" + slug + ", credentials redacted]";
    }
  }

  @Schema(name = "TargetConnection")
  record TargetConnection(@Schema(description = "The worker's name", example = "prod-east") String worker,
      @Schema(description = "Workers that take over, in this order, while the worker is not connected (the same"
          + " cluster, each with its own credential)", example = "[\"prod-east-2\"]") List<String> standbys) {}
}
