package io.tandem.security.persistence;

import io.tandem.security.domain.CallBudget;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The table {@code call_budget}: each take is one atomic statement on the caller's row, by the database's clock. */
@Repository
class JdbcCallBudget implements CallBudget {

  /** The bucket refilled to now: at most {@code :cap}, one token per {@code 60 / :cap} seconds since the last take. */
  private static final String REFILLED =
      "least(:cap, call_budget.tokens + extract(epoch from now() - call_budget.updated_at) * :cap / 60.0)";

  private final JdbcClient jdbc;

  JdbcCallBudget(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public long take(String caller, int perMinute) {
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
