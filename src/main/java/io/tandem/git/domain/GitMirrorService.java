package io.tandem.git.domain;

import io.tandem.common.config.JsonColumns;
import io.tandem.common.crypto.CredentialCipher;
import io.tandem.common.error.TandemException;
import io.tandem.space.domain.Space;
import io.tandem.space.domain.SpaceService;
import java.time.Clock;
import org.springframework.stereotype.Service;

/** A space's Git mirror: its configuration, credentials sealed at rest, and where its pushing stands. */
@Service
public class GitMirrorService {

  private final GitMirrorStore store;
  private final SpaceService spaces;
  private final CredentialCipher cipher;
  private final GitUrls urls;
  private final Clock clock;

  public GitMirrorService(GitMirrorStore store, SpaceService spaces, CredentialCipher cipher, GitUrls urls, Clock clock) {
    this.store = store;
    this.spaces = spaces;
    this.cipher = cipher;
    this.urls = urls;
    this.clock = clock;
  }

  /**
   * A mirror's settings. {@code credentials} null keeps the stored ones (when the repository stays the same);
   * {@link GitCredentials#NONE} removes them.
   */
  public record Settings(String url, String branch, String pathPrefix, GitCredentials credentials) {}

  /** The mirror as it is now, and whether the call created it. */
  public record Put(GitMirror mirror, boolean created) {}

  public Put put(String spaceSlug, Settings settings) {
    Space space = spaces.get(spaceSlug);
    String url = urls.require("url", settings.url());
    String branch = urls.branch(settings.branch() == null ? "main" : settings.branch());
    String prefix = GitUrls.pathPrefix(settings.pathPrefix() == null ? space.slug() : settings.pathPrefix());
    GitCredentials credentials = settings.credentials();
    if (credentials == null) {
      credentials = store.find(space.id())
          .filter(stored -> stored.mirror().url().equals(url))
          .map(this::credentials)
          .orElse(GitCredentials.NONE);
    }
    byte[] sealed = credentials.present() ? cipher.encrypt(JsonColumns.write(credentials), space.id().toString()) : null;
    boolean created = store.put(space.id(), url, branch, prefix, sealed, clock.instant());
    return new Put(get(spaceSlug), created);
  }

  public GitMirror get(String spaceSlug) {
    Space space = spaces.get(spaceSlug);
    GitMirrorStore.Stored stored = store.find(space.id()).orElseThrow(() -> noMirror(spaceSlug));
    return withCredentialKind(stored);
  }

  public void delete(String spaceSlug) {
    Space space = spaces.get(spaceSlug);
    if (!store.delete(space.id())) {
      throw noMirror(spaceSlug);
    }
  }

  /** Starts a stopped (Conflict) or waiting (Retrying) mirror again now. */
  public GitMirror resume(String spaceSlug, boolean overwrite) {
    Space space = spaces.get(spaceSlug);
    if (store.find(space.id()).isEmpty()) {
      throw noMirror(spaceSlug);
    }
    store.resume(space.id(), overwrite, clock.instant());
    return get(spaceSlug);
  }

  GitCredentials credentials(GitMirrorStore.Stored stored) {
    if (stored.sealedCredentials() == null) {
      return GitCredentials.NONE;
    }
    return GitCredentials.of(JsonColumns.readMap(cipher.decrypt(stored.sealedCredentials(), stored.spaceId().toString())));
  }

  private GitMirror withCredentialKind(GitMirrorStore.Stored stored) {
    GitMirror m = stored.mirror();
    String kind = stored.sealedCredentials() == null ? "none" : credentials(stored).kind();
    return new GitMirror(m.space(), m.url(), m.branch(), m.pathPrefix(), kind, m.status(), m.lastPushed(),
        m.pendingRevisions(), m.oldestPendingAt(), m.lastError(), m.lastErrorAt(), m.attempts(), m.nextAttemptAt(),
        m.createdAt(), m.updatedAt());
  }

  private static TandemException noMirror(String space) {
    return TandemException.notFound("Space '" + space + "' has no Git mirror.");
  }
}
