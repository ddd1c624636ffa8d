package io.tandem.git.jgit;

import io.tandem.common.config.TandemProperties;
import io.tandem.common.error.TandemException;
import io.tandem.git.GitProperties;
import io.tandem.git.domain.GitCredentials;
import io.tandem.git.domain.GitRemote;
import io.tandem.git.domain.GitRemoteException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.PathFilter;
import org.springframework.stereotype.Component;

/**
 * Git remotes through JGit, every connection checked by {@link GitRemoteGuard}. Imports clone into a temporary bare
 * repository that is deleted afterwards; mirrors keep a bare cache per space under the data directory.
 */
@Component
class JGitRemote implements GitRemote {

  private final GitRemoteGuard guard;
  private final Path importRoot;
  private final Path mirrorRoot;
  private final int timeoutSeconds;
  private final int maxFiles;
  private final long maxBytes;

  JGitRemote(GitRemoteGuard guard, TandemProperties properties, GitProperties settings) {
    this.maxFiles = settings.importMaxFiles();
    this.maxBytes = settings.importMaxSize().toBytes();
    this.guard = guard;
    Path git = properties.dataDir().resolve("git");
    this.importRoot = git.resolve("imports").toAbsolutePath().normalize();
    this.mirrorRoot = git.resolve("mirrors").toAbsolutePath().normalize();
    this.timeoutSeconds = (int) Math.max(1, settings.timeout().toSeconds());
  }

  @Override
  public Optional<String> head(String url, GitCredentials credentials, String ref) throws GitRemoteException {
    if (ObjectId.isId(ref)) {
      return Optional.of(ref);
    }
    try {
      Map<String, Ref> refs = Git.lsRemoteRepository()
          .setRemote(url)
          .setHeads(!ref.equals("HEAD"))
          .setTags(!ref.equals("HEAD"))
          .setCredentialsProvider(JGitCredentials.provider(credentials))
          .setTimeout(timeoutSeconds)
          .setTransportConfigCallback(guard)
          .callAsMap();
      for (String name : List.of(ref, Constants.R_HEADS + ref, Constants.R_TAGS + ref)) {
        Ref found = refs.get(name);
        if (found != null) {
          // an annotated tag names a tag object; the commit is what it peels to
          return Optional.of((found.getPeeledObjectId() != null ? found.getPeeledObjectId() : found.getObjectId()).name());
        }
      }
      return Optional.empty();
    } catch (GitAPIException e) {
      throw JGitFailures.remoteFailed(e);
    }
  }

  @Override
  public Optional<Snapshot> read(String url, GitCredentials credentials, String ref, String path) throws GitRemoteException {
    Path dir = importRoot.resolve(UUID.randomUUID().toString());
    try {
      Files.createDirectories(importRoot);
      try (Git git = Git.cloneRepository()
          .setURI(url)
          .setDirectory(dir.toFile())
          .setBare(true)
          .setCredentialsProvider(JGitCredentials.provider(credentials))
          .setTimeout(timeoutSeconds)
          .setTransportConfigCallback(guard)
          .call()) {
        Repository repo = git.getRepository();
        ObjectId commitId = repo.resolve(ref + "^{commit}");
        if (commitId == null) {
          return Optional.empty();
        }
        try (RevWalk walk = new RevWalk(repo)) {
          RevCommit commit = walk.parseCommit(commitId);
          return Optional.of(files(repo, commit, path));
        }
      }
    } catch (GitAPIException e) {
      throw JGitFailures.remoteFailed(e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      delete(dir);
    }
  }

  /**
   * Every file under {@code path} at the commit, by its path relative to {@code path}, in path order. Sizes are read
   * from the objects' headers before any content, so a small pack that expands to gigabytes is refused unread;
   * submodules (commits of other repositories) and symbolic links (which may point out of the repository) are skipped.
   */
  private Snapshot files(Repository repo, RevCommit commit, String path) throws IOException {
    Map<String, byte[]> files = new LinkedHashMap<>();
    Map<String, String> skipped = new LinkedHashMap<>();
    long total = 0;
    boolean pathIsFile = false;
    try (TreeWalk tree = new TreeWalk(repo); ObjectReader reader = repo.newObjectReader()) {
      tree.addTree(commit.getTree());
      tree.setRecursive(true);
      if (!path.isEmpty()) {
        tree.setFilter(PathFilter.create(path));
      }
      while (tree.next()) {
        boolean itself = tree.getPathString().equals(path);
        pathIsFile |= itself;
        String relative = path.isEmpty() ? tree.getPathString()
            : itself ? tree.getNameString() : tree.getPathString().substring(path.length() + 1);
        FileMode mode = tree.getFileMode(0);
        if (mode == FileMode.GITLINK || mode == FileMode.SYMLINK) {
          skipped.put(relative, mode == FileMode.GITLINK ? "A Git submodule: submodules are not imported."
              : "A symbolic link: links are not followed.");
          continue;
        }
        if (files.size() == maxFiles) {
          throw TandemException.validation("The repository has more than " + maxFiles + " files" + under(path)
              + " (tandem.git.import-max-files); import a path with fewer.");
        }
        total += reader.getObjectSize(tree.getObjectId(0), Constants.OBJ_BLOB);
        if (total > maxBytes) {
          throw TandemException.validation("The repository's files" + under(path) + " hold more than " + maxBytes / (1024 * 1024)
              + " MiB together (tandem.git.import-max-size); import a path with less.");
        }
        files.put(relative, reader.open(tree.getObjectId(0), Constants.OBJ_BLOB).getBytes());
      }
    }
    PersonIdent author = commit.getAuthorIdent();
    return new Snapshot(commit.name(), author.getName() + " <" + author.getEmailAddress() + ">",
        commit.getShortMessage(), files, skipped, pathIsFile);
  }

  private static String under(String path) {
    return path.isEmpty() ? "" : " under '" + path + "'";
  }

  @Override
  public Clone open(UUID mirror, String url, GitCredentials credentials) throws GitRemoteException {
    Path dir = mirrorRoot.resolve(mirror + ".git");
    try {
      Repository repo = new FileRepositoryBuilder().setGitDir(dir.toFile()).setBare().build();
      if (!Files.exists(dir.resolve("objects"))) {
        repo.create(true);
      }
      return new JGitClone(repo, url, JGitCredentials.provider(credentials), timeoutSeconds, guard);
    } catch (IOException | RuntimeException e) {
      throw JGitFailures.remoteFailed(e);
    }
  }

  private static void delete(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      // a leftover temporary clone (JGit's background gc may still be writing into it); the server does not need it
    }
  }
}
