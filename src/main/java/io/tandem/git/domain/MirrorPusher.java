package io.tandem.git.domain;

import io.tandem.git.GitProperties;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * Writes outbox entries to a mirror's branch as one commit each, and pushes them without ever forcing.
 *
 * <p>The local repository is only a cache of the remote (see {@link GitRemote#open}): each pass fetches the
 * branch and builds the commits on top of the remote's head. The remote and the database hold the truth:
 * {@code pushedCommit} is where the mirror's own history last ended. If the remote moved since, the commits in
 * between are looked at: those carrying this mirror's {@code Tandem-Mirror-Seq} trailer were pushed by an earlier
 * pass whose bookkeeping did not commit (a crash), so their entries are done; the others are someone else's, and
 * if they touched a file the pending entries write, the pass stops with a conflict instead of overwriting it.
 * Otherwise the new commits simply go on top of the moved head (a rebase), and a push that loses a race with
 * another writer is rebuilt and tried again.
 */
@Component
public class MirrorPusher {

  static final String SEQ_TRAILER = "Tandem-Mirror-Seq";
  private static final int PUSH_ATTEMPTS = 3;
  private static final int HISTORY_LIMIT = 10_000;

  /** What one pass did. */
  public sealed interface Outcome {}

  /** The entries {@code done} are on the remote, whose branch head is {@code commit} (null for an empty branch). */
  public record Pushed(List<Long> done, String commit, int commits) implements Outcome {}

  /** Someone else changed files that the pending entries write; nothing was pushed. */
  public record Conflicted(String detail) implements Outcome {}

  /** The mirror's configuration as a pass needs it. */
  public record Mirror(UUID spaceId, String space, String url, String branch, String pathPrefix, GitCredentials credentials,
      String pushedCommit, boolean overwrite) {}

  /** What the remote's history since the mirror's last known commit holds (see {@link #scan}). */
  private record Scan(Set<Long> alreadyPushed, Set<String> foreignPaths, String foreignCommit) {}

  private final GitRemote remote;
  private final String committerEmail;
  private final String authorEmailDomain;

  public MirrorPusher(GitRemote remote, GitProperties settings) {
    this.remote = remote;
    this.authorEmailDomain = settings.authorEmailDomain();
    this.committerEmail = "tandem@" + authorEmailDomain;
  }

  /**
   * One pass: commits the entries not yet on the remote onto its branch head and pushes them.
   *
   * @throws GitRemoteException when the remote cannot be reached or refuses the push: the caller retries later;
   *     nothing has been recorded
   */
  public Outcome push(Mirror mirror, List<OutboxEntry> entries) throws GitRemoteException {
    try (GitRemote.Clone clone = remote.open(mirror.spaceId(), mirror.url(), mirror.credentials())) {
      for (int attempt = 1; ; attempt++) {
        String remoteHead = clone.fetch(mirror.branch());
        Scan scan = scan(clone, mirror, remoteHead);
        List<OutboxEntry> todo = entries.stream().filter(entry -> !scan.alreadyPushed().contains(entry.seq())).toList();
        Conflicted conflict = mirror.overwrite() ? null : conflict(mirror, scan, todo);
        if (conflict != null) {
          return conflict;
        }
        List<Long> done = new ArrayList<>(
            scan.alreadyPushed().stream().filter(seq -> entries.stream().anyMatch(e -> e.seq() == seq)).toList());
        GitRemote.Built built = clone.commit(remoteHead, todo.stream().map(entry -> change(mirror, entry)).toList(),
            "Tandem", committerEmail, Instant.now());
        done.addAll(todo.stream().map(OutboxEntry::seq).toList());
        if (built.commits() == 0) {
          return new Pushed(done, remoteHead, 0);
        }
        GitRemote.PushResult result = clone.push(built.head(), mirror.branch());
        if (result.updated()) {
          return new Pushed(done, built.head(), built.commits());
        }
        if (attempt == PUSH_ATTEMPTS) {
          throw new GitRemoteException("The remote refused the push to '" + mirror.branch() + "': " + result.status());
        }
      }
    }
  }

  private static Conflicted conflict(Mirror mirror, Scan scan, List<OutboxEntry> todo) {
    for (OutboxEntry entry : todo) {
      String path = GitMirror.path(mirror.pathPrefix(), entry.unit());
      if (scan.foreignPaths().contains(path)) {
        return new Conflicted("The remote branch '" + mirror.branch() + "' moved: " + scan.foreignCommit() + " changed "
            + path + ", which the mirror would write next (" + entry.unit() + describeRevision(entry) + "). Undo"
            + " that change on the remote and resume the mirror, or resume it with overwrite=true to write"
            + " Tandem's version over it.");
      }
    }
    if (scan.foreignCommit() != null && scan.foreignPaths().contains(null)) {
      return new Conflicted("The remote branch '" + mirror.branch() + "' no longer contains the mirror's last"
          + " commit " + mirror.pushedCommit() + " (its history was rewritten). Resume the mirror with"
          + " overwrite=true to continue on top of the branch as it is now.");
    }
    return null;
  }

  private static String describeRevision(OutboxEntry entry) {
    return entry.deletion() ? ", deleted" : " revision " + entry.revisionNum();
  }

  /**
   * Walks the remote's commits after the mirror's last known one: the seqs of this mirror's own commits, the files
   * others changed (a {@code null} element when the last known commit is no longer in the history), and the newest
   * foreign commit, described, or null.
   */
  private static Scan scan(GitRemote.Clone clone, Mirror mirror, String remoteHead) throws GitRemoteException {
    Set<Long> alreadyPushed = new LinkedHashSet<>();
    Set<String> foreignPaths = new LinkedHashSet<>();
    if (remoteHead == null || remoteHead.equals(mirror.pushedCommit())) {
      return new Scan(alreadyPushed, foreignPaths, null);
    }
    String foreign = null;
    String known = mirror.pushedCommit();
    GitRemote.History history = clone.history(remoteHead, known, SEQ_TRAILER, HISTORY_LIMIT);
    for (GitRemote.RemoteCommit commit : history.commits()) {
      Long seq = ownSeq(commit, mirror.spaceId());
      if (seq != null) {
        alreadyPushed.add(seq);
      } else if (known != null) {
        // Before the first push (known == null) what the branch held is simply the base, not a conflict.
        foreignPaths.addAll(clone.changedPaths(commit.id()));
        if (foreign == null) {
          foreign = "commit " + commit.id().substring(0, 10) + " by " + commit.author();
        }
      }
    }
    if (!history.sinceInHistory()) {
      foreignPaths.add(null);
      if (foreign == null) {
        foreign = "a rewrite";
      }
    }
    return new Scan(alreadyPushed, foreignPaths, foreign);
  }

  private static Long ownSeq(GitRemote.RemoteCommit commit, UUID spaceId) {
    for (String value : commit.trailers()) {
      int colon = value.lastIndexOf(':');
      if (colon > 0 && value.substring(0, colon).equals(spaceId.toString())) {
        try {
          return Long.parseLong(value.substring(colon + 1));
        } catch (NumberFormatException e) {
          return null;
        }
      }
    }
    return null;
  }

  private GitRemote.Change change(Mirror mirror, OutboxEntry entry) {
    Instant when = entry.createdAt() == null ? Instant.now() : entry.createdAt();
    String authorName = entry.author() == null ? "tandem" : entry.author();
    return new GitRemote.Change(GitMirror.path(mirror.pathPrefix(), entry.unit()), entry.deletion() ? null : entry.data(),
        authorName, authorEmail(authorName), when, message(mirror, entry));
  }

  private String authorEmail(String author) {
    return author.contains("@") ? author : author.replaceAll("[^A-Za-z0-9._-]", "-") + "@" + authorEmailDomain;
  }

  static String message(Mirror mirror, OutboxEntry entry) {
    StringBuilder message = new StringBuilder();
    if (entry.deletion()) {
      message.append(entry.unit()).append(": unit deleted\n");
    } else {
      message.append(entry.unit()).append(": revision ").append(entry.revisionNum()).append(" (").append(entry.source()).append(")\n");
      if (entry.description() != null && !entry.description().isBlank()) {
        message.append('\n').append(entry.description().strip()).append('\n');
      }
    }
    message.append("\nTandem-Space: ").append(mirror.space())
        .append("\nTandem-Unit: ").append(entry.unit());
    if (!entry.deletion()) {
      message.append("\nTandem-Revision: ").append(entry.revisionNum());
    }
    message.append('\n').append(SEQ_TRAILER).append(": ").append(mirror.spaceId()).append(':').append(entry.seq()).append('\n');
    return message.toString();
  }
}
