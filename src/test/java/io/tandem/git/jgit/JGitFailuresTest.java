package io.tandem.git.jgit;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.UnknownHostException;
import org.eclipse.jgit.api.errors.InvalidRemoteException;
import org.eclipse.jgit.errors.NoRemoteRepositoryException;
import org.eclipse.jgit.errors.TransportException;
import org.eclipse.jgit.transport.URIish;
import org.junit.jupiter.api.Test;

class JGitFailuresTest {

  static final URIish REMOTE = new URIish().setScheme("https").setHost("git.example.com").setPath("/repo.git");

  @Test
  void aMissingRepositoryIsDescribedWithoutTheRemotesWords() {
    var failure = new InvalidRemoteException("x", new NoRemoteRepositoryException(REMOTE, "secret answer of the remote"));

    assertThat(JGitFailures.remoteFailed(failure)).hasMessage("repository not found").hasCause(failure);
  }

  @Test
  void aRefusedLoginIsDescribedAsSuch() {
    var failure = new TransportException(REMOTE, "not authorized: the remote says hunter2");

    assertThat(JGitFailures.describe(failure)).isEqualTo("authentication failed");
  }

  @Test
  void otherFailuresGetAGenericReason() {
    assertThat(JGitFailures.describe(new TransportException(REMOTE, "remote said: internal detail")))
        .isEqualTo("the remote could not be read or written");
    assertThat(JGitFailures.describe(new TransportException("x", new UnknownHostException("git.example.com"))))
        .isEqualTo("host not found");
  }
}
