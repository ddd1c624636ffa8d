package io.tandem.imports.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import io.tandem.common.web.NoContent;
import io.tandem.git.api.GitApi.CredentialsRequest;
import java.time.Instant;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

@Tag(name = "imports")
@RequestMapping(path = "/api/v1/spaces/{space}/units/{unit}/origin", produces = MediaType.APPLICATION_JSON_VALUE)
public interface OriginsApi {

  @Operation(operationId = "getUnitOrigin", summary = "The Git file or folder the unit is kept in step with")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping
  OriginResponse getUnitOrigin(@PathVariable("space") String space, @PathVariable("unit") String unit);

  @Operation(operationId = "setUnitOrigin",
      summary = "Keep the unit in step with a file or folder of a Git repository: each new commit there is merged"
          + " into it (revision source Git); its text at the ref now is the base of the first merge")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor, expensive = true)
  @PutMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  OriginResponse setUnitOrigin(@PathVariable("space") String space, @PathVariable("unit") String unit,
      @RequestBody OriginRequest request);

  @Operation(operationId = "deleteUnitOrigin", summary = "Stop keeping the unit in step with its origin; its data stays")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor)
  @DeleteMapping(produces = NoContent.PRODUCES)
  ResponseEntity<Void> deleteUnitOrigin(@PathVariable("space") String space, @PathVariable("unit") String unit);

  @Operation(operationId = "syncUnitOrigin",
      summary = "Merge the origin's newest commit into the unit now (three-way; a path both changed is a conflict"
          + " recorded on the origin, the unit unchanged, unless the strategy decides it)")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor, expensive = true)
  @PostMapping("/sync")
  SyncResponse syncUnitOrigin(@PathVariable("space") String space, @PathVariable("unit") String unit,
      @Parameter(description = "merge (default): conflicts are recorded; upstreamWins: the repository's value;"
          + " downstreamWins: the unit's") @RequestParam(defaultValue = "merge") String strategy);

  @Schema(name = "OriginRequest")
  record OriginRequest(
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "https://github.com/acme/deploy.git") String url,
      @Schema(description = "Branch, tag or commit; default the repository's HEAD", example = "main") String ref,
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "The file (layout file), or the folder"
          + " (layout directory), in the repository", example = "apps/payments/deployment.yaml") String path,
      @Schema(description = "file (default): the file's text; directory: the YAML files directly in the folder,"
          + " joined", allowableValues = {"file", "directory"}) String layout,
      @Schema(description = "For a private repository; never returned") CredentialsRequest credentials) {}

  @Schema(name = "UnitOrigin")
  record OriginResponse(
      String url,
      String ref,
      String path,
      @Schema(allowableValues = {"file", "directory", "chart", "kustomize"}, description = "chart, kustomize: rendered"
          + " from the chart or Kustomize folder a Git import found") String layout,
      @Schema(description = "The commit last taken into the unit") String syncedCommit,
      Instant syncedAt,
      @Schema(description = "When the repository was last asked for a new commit") Instant checkedAt,
      @Schema(description = "Why the last check took nothing (an unreachable repository, a file gone); null when"
          + " it did") String lastError,
      @Schema(description = "A commit not taken because the repository and the unit changed the same paths; the"
          + " unit's head stays as it is until a sync with a strategy, or a later commit, settles it") OriginConflict conflict,
      @Schema(allowableValues = {"none", "token", "password"}) String credentials) {}

  @Schema(name = "OriginConflict")
  record OriginConflict(String commit, String author, String subject,
      @Schema(description = "The unit's head revision the commit met") int headRevisionNum,
      List<ConflictPath> paths) {}

  @Schema(name = "OriginConflictPath", description = "A path both sides changed, with both values")
  record ConflictPath(String resource, String path,
      @Schema(description = "The repository's value") Object upstream,
      @Schema(description = "The unit's value") Object downstream) {}

  @Schema(name = "OriginSync")
  record SyncResponse(
      @Schema(allowableValues = {"Updated", "Unchanged", "Conflict", "Failed"}) String outcome,
      @Schema(description = "The commit read; null when none could be") String commit,
      int headRevisionNum,
      @Schema(description = "Why it failed") String error,
      OriginResponse origin) {}
}
