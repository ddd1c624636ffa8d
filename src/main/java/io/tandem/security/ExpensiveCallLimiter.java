package io.tandem.security;

import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Limits each caller's expensive calls (the operations declared {@code @Access(expensive = true)}) to
 * {@code tandem.security.expensive-calls-per-minute}, as a token bucket per caller kept in PostgreSQL, so every replica
 * takes from the same bucket: N replicas do not multiply the limit. Each take is one atomic statement on the caller's
 * row, timed by the database's clock.
 */
class ExpensiveCallLimiter {

  /** The bucket refilled to now: at most {@code :cap}, one token per {@code 60 / :cap} seconds since the last take. */
  private static final String REFILLED =
      "least(:cap, call_budget.tokens + extract(epoch from now() - call_budget.updated_at) * :cap / 60.0)";

  private final int perMinute;
  private final JdbcClient jdbc;

  ExpensiveCallLimiter(int perMinute, JdbcClient jdbc) {
    this.perMinute = perMinute;
    this.jdbc = jdbc;
  }

  int perMinute() {
    return perMinute;
  }

  /** Takes one call from the caller's bucket; 0 when allowed, else the seconds until one is available. */
  long take(String caller) {
    if (perMinute <= 0) {
      return 0;
    }
    Optional<Double> left = jdbc.sql("insert into call_budget (caller, tokens, updated_at) values (:caller, :cap - 1, now())"
            + " on conflict (caller) do update set tokens = " + REFILLED + " - 1, updated_at = now()"
            + " where " + REFILLED + " >= 1 returning tokens")
        .param("caller", caller).param("cap", (double) perMinute)
        .query(Double.class)
        .optional();
    if (left.isPresent()) {
      return 0;
    }
    double tokens = jdbc.sql("select " + REFILLED + " from call_budget where caller = :caller")
        .param("caller", caller).param("cap", (double) perMinute)
        .query(Double.class)
        .optional()
        .orElse(0.0);
    return Math.max(1, (long) Math.ceil((1 - tokens) * 60.0 / perMinute));
  }
}
