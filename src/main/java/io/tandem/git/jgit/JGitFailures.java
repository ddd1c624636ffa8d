package io.tandem.git.jgit;

import io.tandem.common.net.RemoteFailures;
import io.tandem.git.domain.GitRemoteException;
import java.util.regex.Pattern;
import org.eclipse.jgit.errors.NoRemoteRepositoryException;
import org.eclipse.jgit.errors.TransportException;

/**
 * JGit's failures in words of our own: a generic network reason, or what kind of refusal it was. Never the remote's
 * messages, which JGit puts into its exceptions' text: the remote may be a service the caller cannot otherwise read.
 */
final class JGitFailures {

  private static final Pattern AUTH_FAILURE = Pattern.compile("(?i)not authorized|authentication is required|auth fail");

  private JGitFailures() {}

  static GitRemoteException remoteFailed(Throwable error) {
    return new GitRemoteException(describe(error), error);
  }

  static String describe(Throwable error) {
    for (Throwable cause = error; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
      if (cause instanceof NoRemoteRepositoryException) {
        return "repository not found";
      }
      if (cause instanceof TransportException && cause.getMessage() != null
          && AUTH_FAILURE.matcher(cause.getMessage()).find()) {
        return "authentication failed"; // JGit's own wording, matched, not repeated
      }
    }
    return RemoteFailures.reason(error, "the remote could not be read or written");
  }
}
