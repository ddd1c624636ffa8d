package io.tandem.git.jgit;

import io.tandem.git.domain.GitRemote;
import io.tandem.git.domain.GitRemoteException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
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
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.transport.CredentialsProvider;
import org.eclipse.jgit.transport.PushResult;
import org.eclipse.jgit.transport.RefSpec;
import org.eclipse.jgit.transport.RemoteRefUpdate;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.TreeFilter;

/**
 * A session on a mirror's bare cache repository: the remote is fetched into {@code refs/remotes/mirror/*}, commits are
 * built in memory and pushed from the scratch ref {@code refs/tandem/outgoing}. Failures come out described
 * ({@link JGitFailures}).
 */
final class JGitClone implements GitRemote.Clone {

  private static final String OUTGOING = "refs/tandem/outgoing";

  private interface GitCall<T> {
    T call() throws GitAPIException, IOException;
  }

  private final Repository repo;
  private final Git git;
  private final String url;
  private final CredentialsProvider credentials;
  private final int timeoutSeconds;
  private final TransportConfigCallback guard;

  JGitClone(Repository repo, String url, CredentialsProvider credentials, int timeoutSeconds, TransportConfigCallback guard) {
    this.repo = repo;
    this.git = new Git(repo);
    this.url = url;
    this.credentials = credentials;
    this.timeoutSeconds = timeoutSeconds;
    this.guard = guard;
  }

  private static <T> T described(GitCall<T> call) throws GitRemoteException {
    try {
      return call.call();
    } catch (GitAPIException | IOException | RuntimeException e) {
      throw JGitFailures.remoteFailed(e);
    }
  }

  @Override
  public String fetch(String branch) throws GitRemoteException {
    return described(() -> {
      git.fetch()
          .setRemote(url)
          .setRefSpecs(new RefSpec("+refs/heads/*:refs/remotes/mirror/*"))
          .setRemoveDeletedRefs(true)
          .setCredentialsProvider(credentials)
          .setTimeout(timeoutSeconds)
          .setTransportConfigCallback(guard)
          .call();
      ObjectId head = repo.resolve("refs/remotes/mirror/" + branch);
      return head == null ? null : head.name();
    });
  }

  @Override
  public GitRemote.History history(String head, String since, String trailer, int limit) throws GitRemoteException {
    return described(() -> {
      ObjectId known = since == null ? null : ObjectId.fromString(since);
      try (RevWalk walk = new RevWalk(repo)) {
        RevCommit start = walk.parseCommit(ObjectId.fromString(head));
        walk.markStart(start);
        boolean knownInHistory = known == null;
        if (known != null && repo.getObjectDatabase().has(known)) {
          RevCommit knownCommit = walk.parseCommit(known);
          knownInHistory = walk.isMergedInto(knownCommit, walk.parseCommit(start));
          walk.reset();
          walk.markStart(walk.parseCommit(start));
          if (knownInHistory) {
            walk.markUninteresting(knownCommit);
          }
        }
        List<GitRemote.RemoteCommit> commits = new ArrayList<>();
        for (RevCommit commit : walk) {
          if (commits.size() == limit) {
            break;
          }
          commits.add(new GitRemote.RemoteCommit(commit.name(), commit.getAuthorIdent().getName(),
              commit.getFooterLines(trailer)));
        }
        return new GitRemote.History(knownInHistory, commits);
      }
    });
  }

  @Override
  public List<String> changedPaths(String id) throws GitRemoteException {
    return described(() -> {
      List<String> paths = new ArrayList<>();
      try (RevWalk walk = new RevWalk(repo); TreeWalk tree = new TreeWalk(repo)) {
        RevCommit commit = walk.parseCommit(ObjectId.fromString(id));
        tree.setRecursive(true);
        tree.setFilter(TreeFilter.ANY_DIFF);
        if (commit.getParentCount() == 0) {
          tree.setFilter(TreeFilter.ALL);
          tree.addTree(commit.getTree());
        } else {
          for (RevCommit parent : commit.getParents()) {
            tree.addTree(walk.parseCommit(parent).getTree());
          }
          tree.addTree(commit.getTree());
        }
        while (tree.next()) {
          paths.add(tree.getPathString());
        }
      }
      return paths;
    });
  }

  @Override
  public GitRemote.Built commit(String base, List<GitRemote.Change> changes, String committer, String committerEmail,
      Instant committedAt) throws GitRemoteException {
    return build(base, changes.stream().map(List::of).toList(), new PersonIdent(committer, committerEmail, committedAt,
        ZoneOffset.UTC));
  }

  @Override
  public GitRemote.Built commitTogether(String base, List<GitRemote.Change> changes, String committer,
      String committerEmail, Instant committedAt) throws GitRemoteException {
    return build(base, changes.isEmpty() ? List.of() : List.of(changes), new PersonIdent(committer, committerEmail,
        committedAt, ZoneOffset.UTC));
  }

  /** A commit per group of changes, with its first change's author and message; a group that changes nothing, none. */
  private GitRemote.Built build(String base, List<List<GitRemote.Change>> groups, PersonIdent committer)
      throws GitRemoteException {
    return described(() -> {
      DirCache index = DirCache.newInCore();
      ObjectId parent = base == null ? null : ObjectId.fromString(base);
      ObjectId tree = null;
      int commits = 0;
      try (ObjectInserter inserter = repo.newObjectInserter(); ObjectReader reader = repo.newObjectReader()) {
        if (parent != null) {
          tree = repo.parseCommit(parent).getTree();
          DirCacheBuilder builder = index.builder();
          builder.addTree(new byte[0], 0, reader, tree);
          builder.finish();
        }
        for (List<GitRemote.Change> group : groups) {
          for (GitRemote.Change change : group) {
            edit(index, inserter, change);
          }
          ObjectId newTree = index.writeTree(inserter);
          if (newTree.equals(tree)) {
            continue; // the files already say this (the same content again, or an already deleted file)
          }
          GitRemote.Change first = group.get(0);
          CommitBuilder commit = new CommitBuilder();
          commit.setTreeId(newTree);
          if (parent != null) {
            commit.setParentId(parent);
          }
          commit.setAuthor(new PersonIdent(first.author(), first.authorEmail(), first.at(), ZoneOffset.UTC));
          commit.setCommitter(committer);
          commit.setMessage(first.message());
          parent = inserter.insert(commit);
          tree = newTree;
          commits++;
        }
        inserter.flush();
      }
      return new GitRemote.Built(parent == null ? null : parent.name(), commits);
    });
  }

  private static void edit(DirCache index, ObjectInserter inserter, GitRemote.Change change) throws IOException {
    DirCacheEditor editor = index.editor();
    if (change.content() == null) {
      editor.add(new DirCacheEditor.DeletePath(change.path()));
    } else {
      ObjectId blob = inserter.insert(Constants.OBJ_BLOB, change.content().getBytes(StandardCharsets.UTF_8));
      editor.add(new DirCacheEditor.PathEdit(change.path()) {
        @Override
        public void apply(DirCacheEntry file) {
          file.setFileMode(FileMode.REGULAR_FILE);
          file.setObjectId(blob);
        }
      });
    }
    editor.finish();
  }

  @Override
  public GitRemote.PushResult push(String head, String branch) throws GitRemoteException {
    RemoteRefUpdate.Status status = described(() -> pushHead(ObjectId.fromString(head), branch));
    return switch (status) {
      case OK, UP_TO_DATE -> new GitRemote.PushResult(true, status.name());
      case REJECTED_NONFASTFORWARD, REJECTED_REMOTE_CHANGED -> new GitRemote.PushResult(false, status.name());
      // not the remote's message: what it says is not repeated
      case REJECTED_OTHER_REASON -> throw new GitRemoteException("The remote refused the push to '" + branch + "'.");
      default -> throw new GitRemoteException("The remote refused the push to '" + branch + "': " + status);
    };
  }

  private RemoteRefUpdate.Status pushHead(ObjectId head, String branch) throws GitAPIException, IOException {
    RefUpdate update = repo.updateRef(OUTGOING);
    update.setNewObjectId(head);
    update.setForceUpdate(true); // a local scratch ref, rebuilt every pass
    update.update();
    Iterable<PushResult> results = git.push()
        .setRemote(url)
        .setRefSpecs(new RefSpec(OUTGOING + ":refs/heads/" + branch))
        .setForce(false)
        .setCredentialsProvider(credentials)
        .setTimeout(timeoutSeconds)
        .setTransportConfigCallback(guard)
        .call();
    for (PushResult result : results) {
      RemoteRefUpdate ref = result.getRemoteUpdate("refs/heads/" + branch);
      if (ref != null) {
        return ref.getStatus();
      }
    }
    return RemoteRefUpdate.Status.NOT_ATTEMPTED;
  }

  @Override
  public void close() {
    git.close();
    repo.close();
  }
}
