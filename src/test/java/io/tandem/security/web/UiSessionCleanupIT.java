package io.tandem.security.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.replica.domain.Leases;
import io.tandem.support.TandemIT;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/** The holder of {@code job:session-cleanup} deletes the web UI's expired sessions and keeps the others. */
@TandemIT
class UiSessionCleanupIT {

  @Autowired UiSessionCleanup cleanup;
  @Autowired Leases leases;
  @Autowired JdbcTemplate jdbc;

  @Test
  void theLeaseHolderDeletesExpiredSessionsWithTheirAttributesAndKeepsLiveOnes() {
    long now = System.currentTimeMillis();
    String expired = session(now - 60_000);
    String live = session(now + 3_600_000);
    await("this replica holds the lease").atMost(Duration.ofSeconds(30))
        .until(() -> leases.holds("job:session-cleanup"));

    cleanup.cleanUp();

    assertThat(jdbc.queryForObject("SELECT count(*) FROM ui_session WHERE primary_id = ?", Long.class, expired)).isZero();
    assertThat(jdbc.queryForObject("SELECT count(*) FROM ui_session_attributes WHERE session_primary_id = ?", Long.class,
        expired)).isZero();
    assertThat(jdbc.queryForObject("SELECT count(*) FROM ui_session WHERE primary_id = ?", Long.class, live)).isOne();
  }

  private String session(long expiresAt) {
    String id = UUID.randomUUID().toString();
    jdbc.update("INSERT INTO ui_session (primary_id, session_id, creation_time, last_access_time, max_inactive_interval,"
        + " expiry_time, principal_name) VALUES (?, ?, ?, ?, 60, ?, 'someone')", id, UUID.randomUUID().toString(),
        expiresAt - 60_000, expiresAt - 60_000, expiresAt);
    jdbc.update("INSERT INTO ui_session_attributes (session_primary_id, attribute_name, attribute_bytes) VALUES (?, 'a', ?)",
        id, new byte[] {1});
    return id;
  }
}
