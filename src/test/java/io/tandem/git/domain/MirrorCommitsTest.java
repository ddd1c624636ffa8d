package io.tandem.git.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MirrorCommitsTest {

  static final UUID SPACE = UUID.fromString("7d1c3a52-4a0e-4c39-9d7b-0c1f1e1a2b3c");
  static final MirrorPusher.Mirror MIRROR =
      new MirrorPusher.Mirror(SPACE, "apptique-prod", "file:///r.git", "main", "apptique-prod", GitCredentials.NONE, null, false);

  @Test
  void aRevisionCommitNamesUnitRevisionSourceAndDescriptionWithTrailers() {
    OutboxEntry entry = new OutboxEntry(42, UUID.randomUUID(), "paymentservice", 3, "Refresh",
        "Captured from the cluster: memory", "alice", Instant.EPOCH, "data");

    assertThat(MirrorPusher.message(MIRROR, entry)).isEqualTo("""
        paymentservice: revision 3 (Refresh)

        Captured from the cluster: memory

        Tandem-Space: apptique-prod
        Tandem-Unit: paymentservice
        Tandem-Revision: 3
        Tandem-Mirror-Seq: 7d1c3a52-4a0e-4c39-9d7b-0c1f1e1a2b3c:42
        """);
  }

  @Test
  void aDeletionCommitHasNoRevision() {
    OutboxEntry entry = new OutboxEntry(43, UUID.randomUUID(), "paymentservice", null, null, null, null, Instant.EPOCH, null);

    assertThat(MirrorPusher.message(MIRROR, entry)).startsWith("paymentservice: unit deleted\n").doesNotContain("Tandem-Revision");
  }

  @Test
  void theTrailersParseAsGitFooters() {
    OutboxEntry entry = new OutboxEntry(7, UUID.randomUUID(), "web", 1, "Create", "", "bob", Instant.EPOCH, "x");
    String message = MirrorPusher.message(MIRROR, entry);

    var footers = org.eclipse.jgit.revwalk.RevCommit.parse(
        ("tree 4b825dc642cb6eb9a060e54bf8d69288fbee4904\nauthor a <a> 0 +0000\ncommitter a <a> 0 +0000\n\n" + message)
            .getBytes(java.nio.charset.StandardCharsets.UTF_8)).getFooterLines(MirrorPusher.SEQ_TRAILER);
    assertThat(footers).containsExactly(SPACE + ":7");
  }

  @ParameterizedTest
  @CsvSource({"1, 1", "2, 2", "3, 4", "9, 60", "40, 60"})
  void retriesBackOffExponentiallyUpToTheMaximum(int attempts, long seconds) {
    assertThat(MirrorWorker.backoffOf(attempts, java.time.Duration.ofSeconds(1), java.time.Duration.ofSeconds(60)))
        .hasSeconds(seconds);
  }
}
