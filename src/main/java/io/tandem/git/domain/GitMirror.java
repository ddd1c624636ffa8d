package io.tandem.git.domain;

import java.time.Instant;

/**
 * A space's mirror to a Git branch, with where its pushing stands.
 *
 * @param credentials {@code token}, {@code password} or {@code none}; the secrets themselves are never shown
 * @param lastPushed the newest revision known to be on the remote; {@code null} before the first push
 * @param pendingRevisions changes (revisions and deletions) not yet on the remote
 * @param oldestPendingAt when the oldest of them was made; {@code null} when there are none
 */
public record GitMirror(
    String space,
    String url,
    String branch,
    String pathPrefix,
    String credentials,
    Status status,
    Pushed lastPushed,
    long pendingRevisions,
    Instant oldestPendingAt,
    String lastError,
    Instant lastErrorAt,
    int attempts,
    Instant nextAttemptAt,
    Instant createdAt,
    Instant updatedAt) {

  public enum Status {
    /** Pushing as revisions come. */
    Active,
    /** The last push failed (an unreachable remote, say) and is tried again at nextAttemptAt. */
    Retrying,
    /** The remote changed files the mirror was about to write; stopped until resumed. Nothing is lost meanwhile. */
    Conflict
  }

  /** The last pushed change: the unit, its revision (null for a deletion) and the remote's head after it. */
  public record Pushed(String unit, Integer revisionNum, String commit, Instant at) {}

  /** The file a unit is mirrored to. */
  public static String path(String pathPrefix, String unit) {
    return pathPrefix.isEmpty() ? unit + ".yaml" : pathPrefix + "/" + unit + ".yaml";
  }
}
