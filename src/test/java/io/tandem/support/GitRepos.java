package io.tandem.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;

/** Real Git repositories on local disk for tests: bare remotes, and a second writer that commits to them. */
public final class GitRepos {

  private static final Path ROOT = Path.of("target", "it-git").toAbsolutePath();

  private GitRepos() {}

  /** A fresh, empty bare repository whose default branch is main; its file:// URL. */
  public static String bare(String name) {
    Path dir = path(name);
    try (Git ignored = Git.init().setBare(true).setInitialBranch("main").setDirectory(dir.toFile()).call()) {
      return url(dir);
    } catch (GitAPIException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Where a repository of this name would be, not yet created. */
  public static Path path(String name) {
    return ROOT.resolve(name + "-" + UUID.randomUUID() + ".git");
  }

  public static String url(Path dir) {
    return dir.toUri().toString();
  }

  /** Commits these files (null content deletes a file) on {@code branch} of the remote, as another person would. */
  public static void commit(String url, String branch, Map<String, String> files, String message, String author) {
    Path work = ROOT.resolve("work-" + UUID.randomUUID());
    try (Git git = Git.cloneRepository().setURI(url).setDirectory(work.toFile()).call()) {
      boolean exists = git.getRepository().resolve("refs/remotes/origin/" + branch) != null;
      if (exists) {
        git.checkout().setName(branch).setCreateBranch(!branch.equals(git.getRepository().getBranch()))
            .setStartPoint("origin/" + branch).call();
      } else {
        // an empty repository clones with HEAD at master: point it at the branch the first commit makes
        git.getRepository().updateRef(Constants.HEAD).link("refs/heads/" + branch);
      }
      for (Map.Entry<String, String> file : files.entrySet()) {
        Path target = work.resolve(file.getKey());
        if (file.getValue() == null) {
          git.rm().addFilepattern(file.getKey()).call();
        } else {
          Files.createDirectories(target.getParent());
          Files.writeString(target, file.getValue(), StandardCharsets.UTF_8);
          git.add().addFilepattern(file.getKey()).call();
        }
      }
      git.commit().setMessage(message).setAuthor(author, author + "@example.com").setCommitter(author, author + "@example.com").call();
      git.push().setRemote("origin").add(branch).call();
    } catch (GitAPIException | IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The commits of a branch, oldest first; empty when the branch does not exist. */
  public static List<RevCommit> log(String url, String branch) {
    try (Repository repo = Git.open(Path.of(java.net.URI.create(url)).toFile()).getRepository(); RevWalk walk = new RevWalk(repo)) {
      ObjectId head = repo.resolve("refs/heads/" + branch);
      if (head == null) {
        return List.of();
      }
      walk.markStart(walk.parseCommit(head));
      List<RevCommit> commits = new ArrayList<>();
      walk.forEach(commits::add);
      Collections.reverse(commits);
      return commits;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A file at the head of a branch; null when absent. */
  public static String read(String url, String branch, String path) {
    try (Repository repo = Git.open(Path.of(java.net.URI.create(url)).toFile()).getRepository(); RevWalk walk = new RevWalk(repo)) {
      ObjectId head = repo.resolve("refs/heads/" + branch);
      if (head == null) {
        return null;
      }
      try (TreeWalk tree = TreeWalk.forPath(repo, path, walk.parseCommit(head).getTree())) {
        return tree == null ? null : new String(repo.open(tree.getObjectId(0)).getBytes(), StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Files of {@code files} committed to a new bare repository, in one commit on main; its URL. */
  public static String withFiles(String name, Map<String, String> files) {
    String url = bare(name);
    commit(url, "main", files, "Manifests", "alice");
    return url;
  }

  /**
   * A new bare repository with one commit on main whose tree holds these entries, each with its mode: a regular file
   * (its content), a symbolic link (its target) or a submodule (the commit id it pins); its URL.
   */
  public static String withTree(String name, Map<String, Map.Entry<org.eclipse.jgit.lib.FileMode, String>> entries) {
    String url = bare(name);
    try (Repository repo = Git.open(Path.of(java.net.URI.create(url)).toFile()).getRepository();
        org.eclipse.jgit.lib.ObjectInserter inserter = repo.newObjectInserter()) {
      org.eclipse.jgit.dircache.DirCache index = org.eclipse.jgit.dircache.DirCache.newInCore();
      org.eclipse.jgit.dircache.DirCacheBuilder builder = index.builder();
      entries.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(entry -> {
        org.eclipse.jgit.dircache.DirCacheEntry file = new org.eclipse.jgit.dircache.DirCacheEntry(entry.getKey());
        org.eclipse.jgit.lib.FileMode mode = entry.getValue().getKey();
        String content = entry.getValue().getValue();
        try {
          file.setObjectId(mode == org.eclipse.jgit.lib.FileMode.GITLINK ? ObjectId.fromString(content)
              : inserter.insert(Constants.OBJ_BLOB, content.getBytes(StandardCharsets.UTF_8)));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        file.setFileMode(mode);
        builder.add(file);
      });
      builder.finish();
      org.eclipse.jgit.lib.CommitBuilder commit = new org.eclipse.jgit.lib.CommitBuilder();
      commit.setTreeId(index.writeTree(inserter));
      org.eclipse.jgit.lib.PersonIdent alice = new org.eclipse.jgit.lib.PersonIdent("alice", "alice@example.com");
      commit.setAuthor(alice);
      commit.setCommitter(alice);
      commit.setMessage("Entries");
      ObjectId id = inserter.insert(commit);
      inserter.flush();
      org.eclipse.jgit.lib.RefUpdate update = repo.updateRef("refs/heads/main");
      update.setNewObjectId(id);
      update.update();
      return url;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
