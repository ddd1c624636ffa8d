package io.tandem.portal;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.portal.domain.EventStore;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.TandemIT;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Events older than the retention go, the others stay; and the time indexes of events and audit entries are BRIN
 * indexes (V027), which an insert does not have to maintain as it would a B-tree.
 */
@TandemIT
class EventRetentionIT {

  @LocalServerPort int port;
  @Autowired JdbcClient jdbc;
  @Autowired EventStore events;

  @Test
  void retentionDeletesTheEventsOlderThanItsCutoffAndKeepsTheRest() {
    Api api = new Api(port);
    String space = Api.uniqueSlug("retention");
    api.post("/api/v1/spaces", Map.of("slug", space));
    for (String unit : List.of("old-a", "old-b", "recent")) {
      assertThat(api.post("/api/v1/spaces/" + space + "/units",
          Map.of("slug", unit, "data", Fixtures.paymentService())).status()).isEqualTo(201);
    }
    jdbc.sql("update event set created_at = created_at - interval '30 days' where space = :space and unit like 'old-%'")
        .param("space", space).update();

    int deleted = events.deleteBefore(Instant.now().minus(Duration.ofDays(10)));

    assertThat(deleted).isGreaterThanOrEqualTo(2);
    assertThat(jdbc.sql("select unit from event where space = :space order by id").param("space", space)
        .query(String.class).list()).containsOnly("recent").isNotEmpty();
  }

  @Test
  void eventsAndAuditEntriesAreIndexedByTimeWithBrinIndexes() {
    assertThat(jdbc.sql("select indexname || ' ' || indexdef from pg_indexes"
            + " where indexname in ('idx_event_created_at', 'idx_audit_event_at') order by indexname")
        .query(String.class).list())
        .satisfiesExactly(
            audit -> assertThat(audit).contains("ON public.audit_event USING brin (at)"),
            event -> assertThat(event).contains("ON public.event USING brin (created_at)"));
  }
}
