package io.tandem.security.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.security.domain.Caller;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ConcurrentWritesTest {

  @Test
  void aCallerGetsAsManyPermitsAsTheLimitAndOneMoreOnceOneIsClosedEvenTwice() {
    ConcurrentWrites writes = new ConcurrentWrites(2);
    Optional<ConcurrentWrites.Permit> first = writes.enter("token:a");
    Optional<ConcurrentWrites.Permit> second = writes.enter("token:a");

    assertThat(first).isPresent();
    assertThat(second).isPresent();
    assertThat(writes.enter("token:a")).isEmpty();
    assertThat(writes.enter("token:b")).as("another caller").isPresent();

    first.get().close();
    first.get().close(); // a second close frees nothing more
    assertThat(writes.enter("token:a")).isPresent();
    assertThat(writes.enter("token:a")).isEmpty();
  }

  @Test
  void tokensAreCountedByPrefixAndAnonymousCallersByAddress() {
    assertThat(ConcurrentWrites.keyOf(new Caller("alice", false, "abc"), "10.0.0.1")).isEqualTo("token:abc");
    assertThat(ConcurrentWrites.keyOf(new Caller("anonymous", true, null), "10.0.0.1")).isEqualTo("address:10.0.0.1");
    assertThat(ConcurrentWrites.keyOf(new Caller("bob@example.com", false, null), "10.0.0.1"))
        .isEqualTo("subject:bob@example.com");
  }

  @Test
  void aLimitOfZeroLimitsNothing() {
    ConcurrentWrites writes = new ConcurrentWrites(0);
    for (int i = 0; i < 100; i++) {
      assertThat(writes.enter("token:a")).isPresent();
    }
  }
}
