package io.tandem.git.domain;

import java.util.Optional;

/** How Git itself reads repository URLs and branch names. */
public interface GitSyntax {

  /** What Git makes of a URL: the host and port it connects to (null and -1 when none), and whether it holds a password. */
  record Remote(String host, int port, boolean hasPassword) {}

  /** Empty when Git cannot read {@code url} as a repository URL. */
  Optional<Remote> read(String url);

  /** Whether {@code branch} names a branch ({@code refs/heads/<branch>}) Git accepts. */
  boolean validBranch(String branch);
}
