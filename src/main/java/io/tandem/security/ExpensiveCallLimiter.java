package io.tandem.security;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Limits each caller's expensive calls (the operations declared {@code @Access(expensive = true)}) to
 * {@code tandem.security.expensive-calls-per-minute}, as a token bucket per caller in this server.
 */
class ExpensiveCallLimiter {

  private final int perMinute;
  private final Clock clock;
  private final Map<String, double[]> buckets = new ConcurrentHashMap<>();

  ExpensiveCallLimiter(int perMinute, Clock clock) {
    this.perMinute = perMinute;
    this.clock = clock;
  }

  int perMinute() {
    return perMinute;
  }

  /** Takes one call from the caller's bucket; 0 when allowed, else the seconds until one is available. */
  long take(String caller) {
    if (perMinute <= 0) {
      return 0;
    }
    double now = clock.millis() / 1000.0;
    double[] bucket = buckets.computeIfAbsent(caller, key -> new double[] {perMinute, now});
    synchronized (bucket) {
      bucket[0] = Math.min(perMinute, bucket[0] + (now - bucket[1]) * perMinute / 60.0);
      bucket[1] = now;
      if (bucket[0] >= 1) {
        bucket[0] -= 1;
        return 0;
      }
      return (long) Math.ceil((1 - bucket[0]) * 60.0 / perMinute);
    }
  }
}
