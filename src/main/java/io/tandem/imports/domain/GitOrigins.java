package io.tandem.imports.domain;

import io.tandem.common.access.AccessCheck;
import io.tandem.common.config.JsonColumns;
import io.tandem.common.crypto.CredentialCipher;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.UpgradeMerge;
import io.tandem.git.domain.GitCredentials;
import io.tandem.git.domain.GitRemote;
import io.tandem.git.domain.GitRemoteException;
import io.tandem.git.domain.GitUrls;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitQueries;
import io.tandem.unit.domain.UnitStore.UnitKey;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;

/**
 * Units kept in step with the file or folder of a Git repository they came from (their origin): set by a Git import
 * with {@code watch}, or on a unit of its own; each new commit there is merged into the unit ({@link OriginSync}), at
 * once when asked, or by the poller.
 */
@Service
public class GitOrigins {

  private static final Logger log = LoggerFactory.getLogger(GitOrigins.class);

  /** Where a unit's origin is: {@code ref} null for the repository's HEAD. */
  public record Watch(String url, String ref, String path, GitImports.Layout layout, GitCredentials credentials) {}

  /** What a sync did ({@code Updated}, {@code Unchanged}, {@code Conflict}, {@code Failed}), and the origin after. */
  public record Synced(String outcome, String commit, int headRevisionNum, String error, UnitOrigin origin) {}

  private final OriginStore store;
  private final OriginSync sync;
  private final UnitQueries units;
  private final GitRemote remote;
  private final GitUrls urls;
  private final CredentialCipher cipher;
  private final AccessCheck access;
  private final Clock clock;
  private final ApplicationEventPublisher events;

  GitOrigins(OriginStore store, OriginSync sync, UnitQueries units, GitRemote remote, GitUrls urls,
      CredentialCipher cipher, AccessCheck access, Clock clock, ApplicationEventPublisher events) {
    this.events = events;
    this.store = store;
    this.sync = sync;
    this.units = units;
    this.remote = remote;
    this.urls = urls;
    this.cipher = cipher;
    this.access = access;
    this.clock = clock;
  }

  /**
   * Keeps the unit in step with a file or folder of a repository from now on: its text at the ref's commit is the base
   * of the first merge, so where the unit differs from it, those are the unit's own changes and stay.
   *
   * @throws TandemException {@code validation-failed} for a path that holds no Kubernetes objects at the ref, or a
   *     ref not in the repository; {@code git-remote-failed} when the repository cannot be read
   */
  public UnitOrigin watch(String space, String slug, Watch request) {
    Unit unit = units.get(space, slug);
    String url = urls.require("url", request.url());
    String path = GitUrls.pathPrefix(request.path() == null ? "" : request.path());
    GitImports.Layout layout = request.layout() == null ? GitImports.Layout.file : request.layout();
    if (path.isEmpty() && layout == GitImports.Layout.file) {
      throw TandemException.validation("Give the file in 'path' (or layout 'directory' for a folder).");
    }
    String ref = request.ref() == null || request.ref().isBlank() ? "HEAD" : request.ref().strip();
    GitCredentials credentials = request.credentials() == null ? GitCredentials.NONE : request.credentials();
    GitRemote.Snapshot snapshot;
    String named;
    try {
      snapshot = remote.read(url, credentials, ref, OriginText.folder(layout, path)).orElseThrow(() ->
          TandemException.validation("Ref '" + ref + "' is not in the repository (a branch, tag or commit was expected)."));
      // a ref the remote does not list is a commit, maybe abbreviated: kept as its full id
      named = remote.head(url, credentials, ref).isPresent() ? ref : snapshot.commit();
    } catch (GitRemoteException e) {
      throw new TandemException(ProblemCode.GIT_REMOTE_FAILED, "Cannot read the repository " + url + ": " + e.getMessage() + ".");
    }
    OriginText.Read read = OriginText.of(layout, path, snapshot.files());
    if (read.text() == null) {
      throw TandemException.validation(read.problem());
    }
    record(unit.id(), new Watch(url, named, path, layout, credentials), snapshot.commit(), read.text());
    return find(space, slug);
  }

  /** Records the origin of a unit whose data was just taken from it: {@code text} at {@code commit}. */
  void record(UUID unitId, Watch origin, String commit, String text) {
    Instant now = now();
    byte[] sealed = origin.credentials() != null && origin.credentials().present()
        ? cipher.encrypt(JsonColumns.write(origin.credentials()), unitId.toString()) : null;
    store.save(new UnitOrigin(unitId, origin.url(), origin.ref(), origin.path(), origin.layout(), commit, text, now,
        now, null, null, null), sealed);
  }

  /** The unit's origin, conflicts masked where they lie in a Secret's data for a caller who may not read it. */
  public UnitOrigin find(String space, String slug) {
    return view(space, stored(units.get(space, slug)));
  }

  /** The unit's origin, as {@link #find}, or empty for a unit kept in step with none. */
  public Optional<UnitOrigin> findAny(String space, String slug) {
    return store.find(units.get(space, slug).id()).map(stored -> view(space, stored));
  }

  /** The unit is no longer kept in step with its origin; its data stays as it is. */
  public void unwatch(String space, String slug) {
    Unit unit = units.get(space, slug);
    if (!store.delete(unit.id())) {
      throw notWatched(slug);
    }
  }

  /** Takes the origin's new commit into the unit now; the strategy decides the paths both changed. */
  public Synced sync(String space, String slug, UpgradeMerge.Strategy strategy) {
    Unit unit = units.get(space, slug);
    OriginStore.Stored stored = stored(unit);
    OriginSync.Result result = sync.sync(unit, stored, credentials(stored), strategy);
    return new Synced(result.outcome().name(), result.commit(), result.unit().headRevisionNum(), result.error(),
        view(space, stored(unit)));
  }

  /**
   * A push to a repository, as its host's webhook tells it: the origins of the repository (by any of its URLs) on the
   * branch or tag pushed, or on HEAD when that is the default branch, are synced at once; how many.
   *
   * @param ref as pushed: {@code refs/heads/main}, {@code refs/tags/v1}
   * @param defaultBranch the repository's default branch, when the host says; null otherwise
   */
  public int pushed(List<String> repositoryUrls, String ref, String defaultBranch) {
    List<String> refs = new ArrayList<>(List.of(ref));
    String name = ref.replaceFirst("^refs/(heads|tags)/", "");
    refs.add(name);
    if (ref.startsWith("refs/heads/") && name.equals(defaultBranch)) {
      refs.add("HEAD");
    }
    int due = store.markDue(repositoryUrls, refs);
    if (due > 0) {
      events.publishEvent(new OriginsDue(due));
    }
    return due;
  }

  /** Origins were made due at once (a push): the poller takes them without waiting for its next tick. */
  record OriginsDue(int count) {}

  /** One pass of the poller: the origins not checked since {@code before}, at most {@code limit}, each on its own. */
  /** The units whose origins were last checked before {@code before}, the longest unchecked first. */
  List<UnitKey> due(Instant before, int limit) {
    return store.due(before, limit);
  }

  /** Asks one unit's origin for a new commit and takes it; a failure is recorded on the origin and logged in a line. */
  void syncDue(UnitKey key) {
    try {
      Unit unit = units.get(key.space(), key.unit());
      OriginStore.Stored stored = stored(unit);
      OriginSync.Result result = sync.sync(unit, stored, credentials(stored), UpgradeMerge.Strategy.merge);
      if (result.outcome() == OriginSync.Outcome.Failed) {
        log.info("Origin of unit {}/{} not taken: {}", key.space(), key.unit(), result.error());
      }
    } catch (TandemException e) {
      log.info("Origin of unit {}/{} not checked: {}", key.space(), key.unit(), e.getMessage());
    }
  }

  OriginStore.Stored stored(Unit unit) {
    return store.find(unit.id()).orElseThrow(() -> notWatched(unit.slug()));
  }

  private UnitOrigin view(String space, OriginStore.Stored stored) {
    UnitOrigin origin = stored.origin().withCredentials(stored.sealedCredentials() == null ? "none"
        : credentials(stored).kind());
    UnitOrigin.Conflict conflict = origin.conflict();
    if (conflict == null || access.mayReadSecrets(space)) {
      return origin;
    }
    UnitOrigin.Conflict masked = new UnitOrigin.Conflict(conflict.commit(), conflict.author(), conflict.subject(),
        conflict.headRevision(), conflict.paths().stream().map(UpgradeMerge::masked).toList());
    return new UnitOrigin(origin.unitId(), origin.url(), origin.ref(), origin.path(), origin.layout(),
        origin.syncedCommit(), origin.syncedText(), origin.syncedAt(), origin.checkedAt(), origin.lastError(), masked,
        origin.credentials());
  }

  GitCredentials credentials(OriginStore.Stored stored) {
    if (stored.sealedCredentials() == null) {
      return GitCredentials.NONE;
    }
    return GitCredentials.of(JsonColumns.readMap(cipher.decrypt(stored.sealedCredentials(),
        stored.origin().unitId().toString())));
  }

  private static TandemException notWatched(String slug) {
    return TandemException.notFound("Unit '" + slug + "' is not kept in step with a Git repository (it has no origin).");
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }
}
