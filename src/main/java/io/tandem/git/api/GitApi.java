package io.tandem.git.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import io.tandem.common.web.NoContent;
import io.tandem.git.domain.GitCredentials;
import java.time.Instant;
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

@Tag(name = "git", description = "Mirror a space's revisions to a Git branch")
@RequestMapping(path = "/api/v1/spaces/{space}", produces = MediaType.APPLICATION_JSON_VALUE)
public interface GitApi {

  @Operation(
      operationId = "putGitMirror",
      summary = "Mirror the space to a Git branch: every new revision becomes a commit of <pathPrefix>/<unit>.yaml")
  @ApiResponse(responseCode = "200", description = "Replaced")
  @ApiResponse(responseCode = "201", description = "Created; the head revision of every unit is queued as a first commit")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.admin)
  @PutMapping(path = "/git-mirror", consumes = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<GitMirrorResponse> putGitMirror(@PathVariable("space") String space, @RequestBody GitMirrorRequest request);

  @Operation(operationId = "getGitMirror", summary = "The mirror's settings (credentials only by kind), last push, lag and last error")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping("/git-mirror")
  GitMirrorResponse getGitMirror(@PathVariable("space") String space);

  @Operation(operationId = "deleteGitMirror", summary = "Stop mirroring; the repository keeps what it has")
  @ApiResponse(responseCode = "204", description = "Deleted")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.admin)
  @DeleteMapping(path = "/git-mirror", produces = NoContent.PRODUCES)
  ResponseEntity<Void> deleteGitMirror(@PathVariable("space") String space);

  @Operation(
      operationId = "resumeGitMirror",
      summary = "Start a mirror stopped by a conflict (or waiting to retry) again now")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.admin)
  @PostMapping("/git-mirror/resume")
  GitMirrorResponse resumeGitMirror(
      @PathVariable("space") String space,
      @Parameter(description = "Write Tandem's version over files changed on the remote (still never a force push)")
          @RequestParam(required = false, defaultValue = "false") boolean overwrite);

  @Schema(name = "GitCredentials", description = "Write-only: a token, or a username and password")
  record CredentialsRequest(
      @Schema(description = "With a token: defaults to x-access-token (GitHub); GitLab wants oauth2") String username,
      String password,
      String token) {

    /** The credentials, blank fields as absent. */
    public GitCredentials toCredentials() {
      return new GitCredentials(blankToNull(username), blankToNull(password), blankToNull(token));
    }

    private static String blankToNull(String text) {
      return text == null || text.isBlank() ? null : text;
    }

    @Override
    public String toString() {
      return "CredentialsRequest[redacted]";
    }
  }

  @Schema(name = "GitMirrorRequest")
  record GitMirrorRequest(
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "https://github.com/acme/deploy.git") String url,
      @Schema(description = "Default main", example = "main") String branch,
      @Schema(description = "Folder of the unit files; default the space slug; \"\" for the root") String pathPrefix,
      @Schema(description = "Absent keeps the stored credentials (for the same url); {} removes them") CredentialsRequest credentials) {}

  @Schema(name = "GitMirror")
  record GitMirrorResponse(
      String space,
      String url,
      String branch,
      String pathPrefix,
      @Schema(allowableValues = {"token", "password", "none"}) String credentials,
      @Schema(allowableValues = {"Active", "Retrying", "Conflict"}) String status,
      @Schema(description = "The newest change known to be on the remote; null before the first push") LastPushed lastPushed,
      Lag lag,
      @Schema(description = "Why the last push failed or stopped; null after a success") String lastError,
      Instant lastErrorAt,
      @Schema(description = "Failed pushes in a row") int attempts,
      Instant nextAttemptAt,
      Instant createdAt,
      Instant updatedAt) {}

  @Schema(name = "GitMirrorLastPushed")
  record LastPushed(String unit, @Schema(description = "null when the change was the unit's deletion") Integer revisionNum,
      String commit, Instant at) {}

  @Schema(name = "GitMirrorLag")
  record Lag(
      @Schema(description = "Changes (revisions, deletions) not yet on the remote") long revisions,
      @Schema(description = "How long the oldest of them has waited; 0 when none") long seconds,
      Instant oldestAt) {}
}
