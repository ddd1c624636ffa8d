package io.tandem.git.api;

import io.tandem.git.domain.GitMirror;
import io.tandem.git.domain.GitMirrorService;
import java.time.Clock;
import java.time.Duration;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;

@RestController
class GitController implements GitApi {

  private final GitMirrorService mirrors;
  private final Clock clock;

  GitController(GitMirrorService mirrors, Clock clock) {
    this.mirrors = mirrors;
    this.clock = clock;
  }

  @Override
  public ResponseEntity<GitMirrorResponse> putGitMirror(String space, GitMirrorRequest request) {
    GitMirrorService.Put put = mirrors.put(space, new GitMirrorService.Settings(
        request.url(), request.branch(), request.pathPrefix(), request.credentials() == null ? null : request.credentials().toCredentials()));
    return ResponseEntity.status(put.created() ? HttpStatus.CREATED : HttpStatus.OK).body(response(put.mirror()));
  }

  @Override
  public GitMirrorResponse getGitMirror(String space) {
    return response(mirrors.get(space));
  }

  @Override
  public ResponseEntity<Void> deleteGitMirror(String space) {
    mirrors.delete(space);
    return ResponseEntity.noContent().build();
  }

  @Override
  public GitMirrorResponse resumeGitMirror(String space, boolean overwrite) {
    return response(mirrors.resume(space, overwrite));
  }

  private GitMirrorResponse response(GitMirror mirror) {
    GitMirror.Pushed pushed = mirror.lastPushed();
    long waited = mirror.oldestPendingAt() == null ? 0
        : Math.max(0, Duration.between(mirror.oldestPendingAt(), clock.instant()).toSeconds());
    return new GitMirrorResponse(mirror.space(), mirror.url(), mirror.branch(), mirror.pathPrefix(), mirror.credentials(),
        mirror.status().name(),
        pushed == null ? null : new LastPushed(pushed.unit(), pushed.revisionNum(), pushed.commit(), pushed.at()),
        new Lag(mirror.pendingRevisions(), waited, mirror.oldestPendingAt()),
        mirror.lastError(), mirror.lastErrorAt(), mirror.attempts(), mirror.nextAttemptAt(), mirror.createdAt(),
        mirror.updatedAt());
  }
}
