package io.tandem.git.domain;

/**
 * A Git remote could not be read or written. The message is in words of our own, never the remote's answer: the
 * remote may be a service the caller cannot otherwise read.
 */
public class GitRemoteException extends Exception {

  private static final long serialVersionUID = 1L;

  public GitRemoteException(String message) {
    super(message);
  }

  public GitRemoteException(String message, Throwable cause) {
    super(message, cause);
  }
}
