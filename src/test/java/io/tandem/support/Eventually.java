package io.tandem.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.function.BooleanSupplier;

/** Waiting for what background work (workers, watches, mirrors) brings about. */
public final class Eventually {

  private Eventually() {}

  /** Polls {@code condition} every 100 ms; fails, naming {@code what}, if it is not true within {@code limit}. */
  public static void eventually(Duration limit, BooleanSupplier condition, String what) {
    Instant deadline = Instant.now().plus(limit);
    while (!condition.getAsBoolean()) {
      assertThat(Instant.now()).as(what).isBefore(deadline);
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
  }
}
