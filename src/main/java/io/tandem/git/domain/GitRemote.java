package io.tandem.git.domain;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Git repositories as the domain needs them: the files of a remote at a ref (imports), and a local cache of a mirror's
 * remote to fetch, read history, commit and push (mirrors). Every connection is held against the outbound policy.
 */
public interface GitRemote {

  /**
   * The files under a path at a commit, by their path relative to it, in path order, as bytes; {@code skipped}: what
   * is there but not read (submodules, symbolic links), by path, with why; the commit's author ({@code name <email>})
   * and the first line of its message. When the path names a file, {@code pathIsFile}, and that file is the one
   * entry, by its name.
   */
  record Snapshot(String commit, String author, String subject, Map<String, byte[]> files,
      Map<String, String> skipped, boolean pathIsFile) {}

  /**
   * The files under {@code path} ("" for all) at {@code ref} (a branch, tag or commit); empty when the ref names no
   * commit of the repository.
   *
   * @throws io.tandem.common.error.TandemException {@code validation-failed} when the files are more, or larger
   *     together, than {@code tandem.git.import-max-files} and {@code tandem.git.import-max-size} allow
   */
  Optional<Snapshot> read(String url, GitCredentials credentials, String ref, String path) throws GitRemoteException;

  /**
   * The commit {@code ref} (a branch, tag or commit id) names on the remote now, asked without fetching anything;
   * empty when it names none. A commit id is its own answer.
   */
  Optional<String> head(String url, GitCredentials credentials, String ref) throws GitRemoteException;

  /** The local cache of a mirror's remote, kept between passes. */
  Clone open(UUID mirror, String url, GitCredentials credentials) throws GitRemoteException;

  /** A commit of the remote's history: its id, its author's name and the values of one trailer. */
  record RemoteCommit(String id, String author, List<String> trailers) {}

  /**
   * The commits reachable from a head, newest first. {@code sinceInHistory} says whether the commit asked about is
   * one of its ancestors (then it and its ancestors are left out); true when none was asked about.
   */
  record History(boolean sinceInHistory, List<RemoteCommit> commits) {}

  /** One commit to make: {@code content} null deletes the file. */
  record Change(String path, String content, String author, String authorEmail, Instant at, String message) {}

  /** The commits made: the new head (the base when none was needed) and how many. */
  record Built(String head, int commits) {}

  /**
   * A push the remote did not refuse outright: {@code updated}, or the branch had moved meanwhile ({@code status}
   * says how).
   */
  record PushResult(boolean updated, String status) {}

  /** A session on a mirror's cache; every method may throw {@link GitRemoteException}. */
  interface Clone extends AutoCloseable {

    /** Fetches the remote's branches; the head of {@code branch}, or null when it (or the repository) is empty. */
    String fetch(String branch) throws GitRemoteException;

    /** At most {@code limit} commits from {@code head}, after {@code since} (null for all), with {@code trailer}. */
    History history(String head, String since, String trailer, int limit) throws GitRemoteException;

    /** The files a commit changed against its parents (all its files for a first commit). */
    List<String> changedPaths(String commit) throws GitRemoteException;

    /**
     * One commit per change on top of {@code base} (null for none), skipping changes that leave the files as they
     * are; committed by {@code committer} at {@code committedAt}. Nothing is written to any branch yet.
     */
    Built commit(String base, List<Change> changes, String committer, String committerEmail, Instant committedAt)
        throws GitRemoteException;

    /**
     * The changes as one commit on top of {@code base}, authored and described as the first one is; none when they
     * leave the files as they are. Nothing is written to any branch yet.
     */
    Built commitTogether(String base, List<Change> changes, String committer, String committerEmail, Instant committedAt)
        throws GitRemoteException;

    /**
     * Pushes {@code head} to {@code branch}; never forced, so a remote that moved meanwhile rejects it.
     *
     * @throws GitRemoteException also when the remote refuses the push for another reason
     */
    PushResult push(String head, String branch) throws GitRemoteException;

    @Override
    void close();
  }
}
