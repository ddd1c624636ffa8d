package io.tandem.imports.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import io.tandem.git.api.GitApi.CredentialsRequest;
import java.security.Principal;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;

@Tag(name = "imports", description = "Bring existing configuration in: from a Git repository, a live cluster or a Helm chart")
@RequestMapping(path = "/api/v1/spaces/{space}", produces = MediaType.APPLICATION_JSON_VALUE)
public interface ImportsApi {

  @Operation(
      operationId = "importUnits",
      summary = "Create or update units (source Import) from the YAML files under a path of a Git repository, the"
          + " objects of a live cluster, or a Helm chart")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor, expensive = true)
  @PostMapping(path = "/imports", consumes = MediaType.APPLICATION_JSON_VALUE)
  ImportResponse importUnits(@PathVariable("space") String space, @RequestBody ImportRequest request, Principal principal);

  @Schema(name = "ImportRequest", description = "Which fields apply depends on source")
  record ImportRequest(
      @Schema(description = "Where the configuration comes from; default git", allowableValues = {"git", "cluster", "helm"})
          String source,
      @Schema(description = "git: the repository's URL", example = "https://github.com/acme/deploy.git") String url,
      @Schema(description = "git: branch, tag or commit; default the repository's HEAD") String ref,
      @Schema(description = "git: folder in the repository; default the root") String path,
      @Schema(description = "git: file: one unit per YAML file (default); directory: one unit per folder",
          allowableValues = {"file", "directory"}) String layout,
      @Schema(description = "git and helm: target of the units created; cluster: the target to read, required") String target,
      CredentialsRequest credentials) {}

  @Schema(name = "ImportResponse")
  record ImportResponse(
      @Schema(allowableValues = {"git", "cluster", "helm"}) String source,
      @Schema(description = "git") String url,
      @Schema(description = "git") String ref,
      @Schema(description = "git: the commit read") String commit,
      @Schema(description = "git") String path,
      ImportSummary summary,
      @Schema(description = "git: what became of each file") List<ImportedFile> files) {}

  @Schema(name = "ImportSummary", description = "Files (git) or units by outcome")
  record ImportSummary(int created, int updated, int unchanged, int skipped, int failed) {}

  @Schema(name = "ImportedFile")
  record ImportedFile(
      String path,
      @Schema(description = "The unit the file went into") String unit,
      @Schema(allowableValues = {"Created", "Updated", "Unchanged", "Skipped", "Failed"}) String outcome,
      Integer revisionNum,
      @Schema(description = "Why it was skipped or failed") String reason) {}
}
