package io.tandem.git.jgit;

import io.tandem.git.domain.GitCredentials;
import org.eclipse.jgit.transport.CredentialsProvider;
import org.eclipse.jgit.transport.UsernamePasswordCredentialsProvider;

/** Credentials as JGit takes them: a token is sent as the password, by default for the user {@code x-access-token}. */
final class JGitCredentials {

  private JGitCredentials() {}

  /** Null without credentials. */
  static CredentialsProvider provider(GitCredentials credentials) {
    if (credentials == null) {
      return null;
    }
    if (credentials.token() != null) {
      String username = credentials.username() == null ? "x-access-token" : credentials.username();
      return new UsernamePasswordCredentialsProvider(username, credentials.token());
    }
    return credentials.password() == null ? null
        : new UsernamePasswordCredentialsProvider(credentials.username(), credentials.password());
  }
}
