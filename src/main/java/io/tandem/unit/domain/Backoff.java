package io.tandem.unit.domain;

import java.time.Duration;
import java.util.function.DoubleSupplier;

/**
 * Capped exponential backoff with jitter: after the n-th failure the delay is {@code base·2^(n-1)}, at most {@code
 * cap}, less up to a fifth at random (so replicas and units that failed together do not retry together). Below the
 * cap each delay is longer than the one before, whatever the jitter: the shortest (4/5 of twice the last) beats the
 * longest last one.
 */
public record Backoff(Duration base, Duration cap, DoubleSupplier random) {

  static final double JITTER = 0.2;

  public Backoff {
    if (base.isNegative() || base.isZero() || cap.compareTo(base) < 0) {
      throw new IllegalArgumentException("The backoff needs 0 < base <= cap, not " + base + " and " + cap + ".");
    }
  }

  /** The delay before the attempt that follows {@code failures} failed ones (1 or more). */
  public Duration after(int failures) {
    long full = base.toMillis();
    for (int i = 1; i < failures && full < cap.toMillis(); i++) {
      full *= 2;
    }
    full = Math.min(full, cap.toMillis());
    return Duration.ofMillis(full - (long) (full * JITTER * random.getAsDouble()));
  }
}
