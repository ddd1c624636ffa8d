package io.tandem.git.api;

import io.tandem.common.error.TandemException;
import io.tandem.common.web.Authors;
import io.tandem.git.domain.GitCredentials;
import io.tandem.git.domain.GitMirror;
import io.tandem.git.domain.GitMirrorService;
import io.tandem.git.domain.ImportService;
import java.security.Principal;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;

@RestController
class GitController implements GitApi {

  private final GitMirrorService mirrors;
  private final ImportService imports;
  private final Clock clock;

  GitController(GitMirrorService mirrors, ImportService imports, Clock clock) {
    this.mirrors = mirrors;
    this.imports = imports;
    this.clock = clock;
  }

  @Override
  public ResponseEntity<GitMirrorResponse> putGitMirror(String space, GitMirrorRequest request) {
    GitMirrorService.Put put = mirrors.put(space, new GitMirrorService.Settings(
        request.url(), request.branch(), request.pathPrefix(), credentials(request.credentials())));
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

  @Override
  public ImportResponse importUnits(String space, ImportRequest request, Principal principal) {
    ImportService.Report report = imports.importUnits(space,
        new ImportService.Request(request.url(), request.ref(), request.path(), layout(request.layout()), request.target(),
            credentials(request.credentials())),
        Authors.of(principal));
    List<ImportedFile> files = report.files().stream()
        .map(file -> new ImportedFile(file.path(), file.unit(), file.outcome().name(), file.revisionNum(), file.reason()))
        .toList();
    return new ImportResponse(report.url(), report.ref(), report.commit(), report.path(),
        new ImportSummary(count(report, ImportService.Outcome.Created), count(report, ImportService.Outcome.Updated),
            count(report, ImportService.Outcome.Unchanged), count(report, ImportService.Outcome.Skipped),
            count(report, ImportService.Outcome.Failed)),
        files);
  }

  private static int count(ImportService.Report report, ImportService.Outcome outcome) {
    return (int) report.files().stream().filter(file -> file.outcome() == outcome).count();
  }

  private static ImportService.Layout layout(String layout) {
    if (layout == null) {
      return null;
    }
    try {
      return ImportService.Layout.valueOf(layout.toLowerCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw TandemException.validation("Field 'layout' must be 'file' or 'directory', not '" + layout + "'.");
    }
  }

  private static GitCredentials credentials(CredentialsRequest request) {
    return request == null ? null : new GitCredentials(blankToNull(request.username()), blankToNull(request.password()),
        blankToNull(request.token()));
  }

  private static String blankToNull(String text) {
    return text == null || text.isBlank() ? null : text;
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
