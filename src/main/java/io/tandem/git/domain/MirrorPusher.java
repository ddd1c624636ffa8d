package io.tandem.git.domain;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.TransportConfigCallback;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.dircache.DirCache;
import org.eclipse.jgit.dircache.DirCacheBuilder;
import org.eclipse.jgit.dircache.DirCacheEditor;
import org.eclipse.jgit.dircache.DirCacheEntry;
import org.eclipse.jgit.lib.CommitBuilder;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.FooterLine;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.transport.PushResult;
import org.eclipse.jgit.transport.RefSpec;
import org.eclipse.jgit.transport.RemoteRefUpdate;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.TreeFilter;

/**
 * Writes outbox entries to a mirror's branch as one commit each, and pushes them without ever forcing.
 *
 * <p>The local repository is only a cache of the remote (bare, under the data directory): each pass fetches the
 * branch and builds the commits in memory on top of the remote's head. The remote and the database hold the truth:
 * {@code pushedCommit} is where the mirror's own history last ended. If the remote moved since, the commits in
 * between are looked at: those carrying this mirror's {@code Tandem-Mirror-Seq} trailer were pushed by an earlier
 * pass whose bookkeeping did not commit (a crash), so their entries are done; the others are someone else's, and
 * if they touched a file the pending entries write, the pass stops with a conflict instead of overwriting it.
 * Otherwise the new commits simply go on top of the moved head (a rebase), and a push that loses a race with
 * another writer is rebuilt and tried again.
 */
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

  private final Path cacheRoot;
  private final String committerEmail;
  private final String authorEmailDomain;
  private final int timeoutSeconds;
  private final TransportConfigCallback guard;

  /** @param guard checks the remote before each connection (see {@link GitRemoteGuard}) */
  public MirrorPusher(Path cacheRoot, String authorEmailDomain, int timeoutSeconds, TransportConfigCallback guard) {
    this.cacheRoot = cacheRoot;
    this.guard = guard;
    this.authorEmailDomain = authorEmailDomain;
    this.committerEmail = "tandem@" + authorEmailDomain;
    this.timeoutSeconds = timeoutSeconds;
  }

  /** The mirror's configuration as a pass needs it. */
  public record Mirror(UUID spaceId, String space, String url, String branch, String pathPrefix, GitCredentials credentials,
      String pushedCommit, boolean overwrite) {}

  /**
   * @throws IOException or {@link GitAPIException} when the remote cannot be reached or refuses the push: the
   *     caller retries later; nothing has been recorded
   */
  public Outcome push(Mirror mirror, List<OutboxEntry> entries) throws IOException, GitAPIException {
    try (Repository repo = cache(mirror.spaceId()); Git git = new Git(repo)) {
      for (int attempt = 1; ; attempt++) {
        ObjectId remoteHead = fetch(git, mirror);
        Set<Long> alreadyPushed = new LinkedHashSet<>();
        Set<String> foreignPaths = new LinkedHashSet<>();
        String foreignCommit = scanRemoteHistory(repo, mirror, remoteHead, alreadyPushed, foreignPaths);
        List<OutboxEntry> todo = entries.stream().filter(entry -> !alreadyPushed.contains(entry.seq())).toList();
        if (!mirror.overwrite()) {
          for (OutboxEntry entry : todo) {
            String path = GitMirror.path(mirror.pathPrefix(), entry.unit());
            if (foreignPaths.contains(path)) {
              return new Conflicted("The remote branch '" + mirror.branch() + "' moved: " + foreignCommit + " changed "
                  + path + ", which the mirror would write next (" + entry.unit() + describeRevision(entry) + "). Undo"
                  + " that change on the remote and resume the mirror, or resume it with overwrite=true to write"
                  + " Tandem's version over it.");
            }
          }
          if (foreignCommit != null && foreignPaths.contains(null)) {
            return new Conflicted("The remote branch '" + mirror.branch() + "' no longer contains the mirror's last"
                + " commit " + mirror.pushedCommit() + " (its history was rewritten). Resume the mirror with"
                + " overwrite=true to continue on top of the branch as it is now.");
          }
        }
        List<Long> done = new ArrayList<>(alreadyPushed.stream().filter(seq -> entries.stream().anyMatch(e -> e.seq() == seq)).toList());
        Built built = build(repo, mirror, remoteHead, todo);
        done.addAll(todo.stream().map(OutboxEntry::seq).toList());
        if (built.commits() == 0) {
          return new Pushed(done, remoteHead == null ? null : remoteHead.name(), 0);
        }
        RemoteRefUpdate.Status status = pushHead(git, mirror, built.head());
        if (status == RemoteRefUpdate.Status.OK || status == RemoteRefUpdate.Status.UP_TO_DATE) {
          return new Pushed(done, built.head().name(), built.commits());
        }
        boolean lostRace = status == RemoteRefUpdate.Status.REJECTED_NONFASTFORWARD
            || status == RemoteRefUpdate.Status.REJECTED_REMOTE_CHANGED;
        if (!lostRace || attempt == PUSH_ATTEMPTS) {
          throw new IOException("The remote refused the push to '" + mirror.branch() + "': " + status);
        }
      }
    }
  }

  private static String describeRevision(OutboxEntry entry) {
    return entry.deletion() ? ", deleted" : " revision " + entry.revisionNum();
  }

  private Repository cache(UUID spaceId) throws IOException {
    Path dir = cacheRoot.resolve(spaceId + ".git");
    Repository repo = new FileRepositoryBuilder().setGitDir(dir.toFile()).setBare().build();
    if (!Files.exists(dir.resolve("objects"))) {
      repo.create(true);
    }
    return repo;
  }

  /** The remote's branch head, or null when the branch (or the whole repository) is empty. */
  private ObjectId fetch(Git git, Mirror mirror) throws GitAPIException, IOException {
    String tracking = "refs/remotes/mirror/" + mirror.branch();
    git.fetch()
        .setRemote(mirror.url())
        .setRefSpecs(new RefSpec("+refs/heads/*:refs/remotes/mirror/*"))
        .setRemoveDeletedRefs(true)
        .setCredentialsProvider(mirror.credentials().provider())
        .setTimeout(timeoutSeconds)
        .setTransportConfigCallback(guard)
        .call();
    return git.getRepository().resolve(tracking);
  }

  /**
   * Walks the remote's commits after the mirror's last known one. Fills {@code alreadyPushed} with the seqs of this
   * mirror's own commits and {@code foreignPaths} with the files others changed (a {@code null} element when the
   * last known commit is no longer in the history); returns the newest foreign commit, described, or null.
   */
  private String scanRemoteHistory(Repository repo, Mirror mirror, ObjectId remoteHead, Set<Long> alreadyPushed,
      Set<String> foreignPaths) throws IOException {
    if (remoteHead == null || remoteHead.name().equals(mirror.pushedCommit())) {
      return null;
    }
    String foreign = null;
    ObjectId known = mirror.pushedCommit() == null ? null : ObjectId.fromString(mirror.pushedCommit());
    try (RevWalk walk = new RevWalk(repo)) {
      walk.markStart(walk.parseCommit(remoteHead));
      boolean knownInHistory = known == null;
      if (known != null && repo.getObjectDatabase().has(known)) {
        RevCommit knownCommit = walk.parseCommit(known);
        knownInHistory = walk.isMergedInto(knownCommit, walk.parseCommit(remoteHead));
        walk.reset();
        walk.markStart(walk.parseCommit(remoteHead));
        if (knownInHistory) {
          walk.markUninteresting(knownCommit);
        }
      }
      int seen = 0;
      for (RevCommit commit : walk) {
        if (++seen > HISTORY_LIMIT) {
          break;
        }
        Long seq = ownSeq(commit, mirror.spaceId());
        if (seq != null) {
          alreadyPushed.add(seq);
        } else if (known != null) {
          // Before the first push (known == null) what the branch held is simply the base, not a conflict.
          foreignPaths.addAll(changedPaths(repo, commit));
          if (foreign == null) {
            foreign = "commit " + commit.abbreviate(10).name() + " by " + commit.getAuthorIdent().getName();
          }
        }
      }
      if (!knownInHistory) {
        foreignPaths.add(null);
        if (foreign == null) {
          foreign = "a rewrite";
        }
      }
    }
    return foreign;
  }

  private static Long ownSeq(RevCommit commit, UUID spaceId) {
    for (FooterLine footer : commit.getFooterLines()) {
      if (footer.getKey().equalsIgnoreCase(SEQ_TRAILER)) {
        String value = footer.getValue();
        int colon = value.lastIndexOf(':');
        if (colon > 0 && value.substring(0, colon).equals(spaceId.toString())) {
          try {
            return Long.parseLong(value.substring(colon + 1));
          } catch (NumberFormatException e) {
            return null;
          }
        }
      }
    }
    return null;
  }

  private static List<String> changedPaths(Repository repo, RevCommit commit) throws IOException {
    List<String> paths = new ArrayList<>();
    try (TreeWalk tree = new TreeWalk(repo)) {
      tree.setRecursive(true);
      tree.setFilter(TreeFilter.ANY_DIFF);
      if (commit.getParentCount() == 0) {
        tree.setFilter(TreeFilter.ALL);
        tree.addTree(commit.getTree());
      } else {
        for (RevCommit parent : commit.getParents()) {
          tree.addTree(repo.parseCommit(parent).getTree());
        }
        tree.addTree(commit.getTree());
      }
      while (tree.next()) {
        paths.add(tree.getPathString());
      }
    }
    return paths;
  }

  private record Built(ObjectId head, int commits) {}

  /** One commit per entry that changes the tree, on top of {@code base}; nothing is written to any branch yet. */
  private Built build(Repository repo, Mirror mirror, ObjectId base, List<OutboxEntry> entries) throws IOException {
    DirCache index = DirCache.newInCore();
    ObjectId parent = base;
    ObjectId tree = null;
    int commits = 0;
    try (ObjectInserter inserter = repo.newObjectInserter(); ObjectReader reader = repo.newObjectReader()) {
      if (base != null) {
        tree = repo.parseCommit(base).getTree();
        DirCacheBuilder builder = index.builder();
        builder.addTree(new byte[0], 0, reader, tree);
        builder.finish();
      }
      for (OutboxEntry entry : entries) {
        String path = GitMirror.path(mirror.pathPrefix(), entry.unit());
        DirCacheEditor editor = index.editor();
        if (entry.deletion()) {
          editor.add(new DirCacheEditor.DeletePath(path));
        } else {
          ObjectId blob = inserter.insert(Constants.OBJ_BLOB, entry.data().getBytes(StandardCharsets.UTF_8));
          editor.add(new DirCacheEditor.PathEdit(path) {
            @Override
            public void apply(DirCacheEntry file) {
              file.setFileMode(FileMode.REGULAR_FILE);
              file.setObjectId(blob);
            }
          });
        }
        editor.finish();
        ObjectId newTree = index.writeTree(inserter);
        if (newTree.equals(tree)) {
          continue; // the file already says this (the same content again, or an already deleted file)
        }
        CommitBuilder commit = new CommitBuilder();
        commit.setTreeId(newTree);
        if (parent != null) {
          commit.setParentId(parent);
        }
        Instant when = entry.createdAt() == null ? Instant.now() : entry.createdAt();
        String authorName = entry.author() == null ? "tandem" : entry.author();
        commit.setAuthor(new PersonIdent(authorName, authorEmail(authorName), when, ZoneOffset.UTC));
        commit.setCommitter(new PersonIdent("Tandem", committerEmail, Instant.now(), ZoneOffset.UTC));
        commit.setMessage(message(mirror, entry));
        parent = inserter.insert(commit);
        tree = newTree;
        commits++;
      }
      inserter.flush();
    }
    return new Built(parent, commits);
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

  /** Pushes {@code head} to the branch; never forced, so a remote that moved meanwhile rejects it. */
  private RemoteRefUpdate.Status pushHead(Git git, Mirror mirror, ObjectId head)
      throws GitAPIException, IOException {
    String outgoing = "refs/tandem/outgoing";
    RefUpdate update = git.getRepository().updateRef(outgoing);
    update.setNewObjectId(head);
    update.setForceUpdate(true); // a local scratch ref, rebuilt every pass
    update.update();
    Iterable<PushResult> results = git.push()
        .setRemote(mirror.url())
        .setRefSpecs(new RefSpec(outgoing + ":refs/heads/" + mirror.branch()))
        .setForce(false)
        .setCredentialsProvider(mirror.credentials().provider())
        .setTimeout(timeoutSeconds)
        .setTransportConfigCallback(guard)
        .call();
    for (PushResult result : results) {
      RemoteRefUpdate ref = result.getRemoteUpdate("refs/heads/" + mirror.branch());
      if (ref != null) {
        if (ref.getStatus() == RemoteRefUpdate.Status.REJECTED_OTHER_REASON) {
          // not the remote's message: what it says is not repeated (RemoteFailures)
          throw new IOException("The remote refused the push to '" + mirror.branch() + "'.");
        }
        return ref.getStatus();
      }
    }
    return RemoteRefUpdate.Status.NOT_ATTEMPTED;
  }
}
