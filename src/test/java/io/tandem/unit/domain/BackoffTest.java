package io.tandem.unit.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

class BackoffTest {

  static final Duration BASE = Duration.ofSeconds(10);
  static final Duration CAP = Duration.ofMinutes(10);

  @Test
  void withoutJitterTheDelayDoublesFromTheBaseUntilTheCap() {
    Backoff backoff = new Backoff(BASE, CAP, () -> 0.0);

    List<Long> seconds = new ArrayList<>();
    for (int failures = 1; failures <= 9; failures++) {
      seconds.add(backoff.after(failures).toSeconds());
    }

    assertThat(seconds).containsExactly(10L, 20L, 40L, 80L, 160L, 320L, 600L, 600L, 600L);
  }

  @Test
  void theJitterTakesAtMostAFifthOff() {
    assertThat(new Backoff(BASE, CAP, () -> 1.0).after(1)).isEqualTo(Duration.ofSeconds(8));
    assertThat(new Backoff(BASE, CAP, () -> 0.5).after(2)).isEqualTo(Duration.ofSeconds(18));
    assertThat(new Backoff(BASE, CAP, () -> 1.0).after(20)).isEqualTo(Duration.ofSeconds(480));
  }

  @Test
  void belowTheCapEachDelayIsLongerThanTheOneBeforeWhateverTheJitter() {
    Backoff random = new Backoff(Duration.ofMillis(1), Duration.ofDays(1), () -> ThreadLocalRandom.current().nextDouble());
    for (int trial = 0; trial < 1000; trial++) {
      Duration previous = Duration.ZERO;
      for (int failures = 1; failures <= 20; failures++) {
        Duration delay = random.after(failures);
        assertThat(delay).isGreaterThan(previous);
        previous = delay;
      }
    }
  }

  @Test
  void manyFailuresNeitherOverflowNorPassTheCap() {
    Backoff backoff = new Backoff(Duration.ofMillis(1), Duration.ofHours(1), () -> 0.0);

    assertThat(backoff.after(Integer.MAX_VALUE)).isEqualTo(Duration.ofHours(1));
    assertThat(backoff.after(0)).isEqualTo(Duration.ofMillis(1));
  }

  @Test
  void aCapBelowTheBaseIsRefused() {
    assertThatThrownBy(() -> new Backoff(Duration.ofSeconds(10), Duration.ofSeconds(5), () -> 0.0))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
