package io.tandem.portal.persistence;

import io.tandem.portal.domain.SpaceSummaries;
import io.tandem.portal.domain.SpaceSummary;
import io.tandem.space.domain.Space;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Space summaries counted in one round of statements over the unit's tables and those of its drift and health. */
@Repository
class JdbcSpaceSummaries implements SpaceSummaries {

  private static final int RECENT_ACTIONS = 10;

  private final JdbcClient jdbc;

  JdbcSpaceSummaries(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public SpaceSummary of(Space space) {
    Map<String, Long> drift = new LinkedHashMap<>(Map.of("None", 0L, "Drifted", 0L, "Unknown", 0L));
    jdbc.sql("select coalesce(d.drift, 'None'), count(*) from unit u left join unit_drift d on d.unit_id = u.id"
            + " where u.space_id = :space group by 1")
        .param("space", space.id())
        .query((rs, row) -> drift.put(rs.getString(1), rs.getLong(2)))
        .list();
    Map<String, Long> health = new LinkedHashMap<>();
    List.of("Healthy", "Progressing", "Degraded", "Missing", "Unknown").forEach(status -> health.put(status, 0L));
    jdbc.sql("select h.status, count(*) from unit u join unit_health h on h.unit_id = u.id where u.space_id = :space"
            + " group by h.status")
        .param("space", space.id())
        .query((rs, row) -> health.put(rs.getString(1), rs.getLong(2)))
        .list();
    long[] counts = jdbc.sql("select count(*),"
            + " count(*) filter (where head_revision_num <> live_revision_num),"
            + " count(*) filter (where exists (select 1 from revision_gate g where g.unit_id = u.id"
            + "   and g.revision_num = u.head_revision_num)),"
            + " count(*) filter (where target is not null and live_revision_num = 0)"
            + " from unit u where u.space_id = :space")
        .param("space", space.id())
        .query((rs, row) -> new long[] {rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4)})
        .single();
    List<SpaceSummary.RecentAction> recent = jdbc.sql("select u.slug, a.action, a.status, a.result, a.revision_num,"
            + " coalesce(a.finished_at, a.started_at, a.created_at) from unit_action a join unit u on u.id = a.unit_id"
            + " where u.space_id = :space order by a.created_at desc limit :limit")
        .param("space", space.id())
        .param("limit", RECENT_ACTIONS)
        .query((rs, row) -> new SpaceSummary.RecentAction(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
            (Integer) rs.getObject(5), rs.getObject(6, OffsetDateTime.class).toInstant()))
        .list();
    return new SpaceSummary(space.slug(), counts[0], drift, counts[1], counts[2], counts[3], health, recent);
  }
}
