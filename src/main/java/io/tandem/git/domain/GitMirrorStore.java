package io.tandem.git.domain;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Persistence of mirrors and their outbox. */
public interface GitMirrorStore {

  /** A mirror's configuration with its credentials sealed, and whether it may overwrite remote changes once. */
  @SuppressWarnings("ArrayRecordComponent") // sealed bytes passed through to the cipher, never compared
  record Stored(UUID spaceId, GitMirror mirror, byte[] sealedCredentials, String pushedCommit, boolean overwriteOnce) {}

  Optional<Stored> find(UUID spaceId);

  /**
   * Creates or replaces a space's mirror configuration and makes it Active. When the repository or branch changes
   * (or the mirror is new), its push history is forgotten and every unit's head revision is queued, so the new
   * branch receives the current state. Returns whether the mirror was created.
   */
  boolean put(UUID spaceId, String url, String branch, String pathPrefix, byte[] sealedCredentials, Instant now);

  /** Removes the mirror and its outbox. */
  boolean delete(UUID spaceId);

  /** Active again after a conflict or failures; with {@code overwrite}, the next push may write over remote changes. */
  void resume(UUID spaceId, boolean overwrite, Instant now);

  /** Leases up to {@code limit} mirrors that have something to push and are due; their space ids. */
  List<UUID> claimDue(int limit, Instant now, Instant leaseUntil);

  /** The oldest {@code limit} outbox entries of a space, in order. */
  List<OutboxEntry> pending(UUID spaceId, int limit);

  /**
   * The entries are on the remote, whose branch head is now {@code commit}; {@code last} (the newest of them,
   * or null) becomes the last pushed change. Ends any failure; the lease stays.
   */
  void pushed(UUID spaceId, Collection<Long> seqs, String commit, OutboxEntry last, Instant now);

  /** Ends the lease without other change. */
  void release(UUID spaceId);

  /** Records a failed or stopped push and ends the lease. */
  void failed(UUID spaceId, GitMirror.Status status, String error, int attempts, Instant nextAttemptAt, Instant now);

  /** Drops outbox rows of spaces that no longer have a mirror. */
  int dropOrphans();
}
