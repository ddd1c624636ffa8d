package io.tandem.portal;

import io.tandem.space.domain.Space;
import io.tandem.space.domain.SpaceService;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/** What a dashboard shows of a space, counted in the database. */
@Component
public class SpaceSummaries {

  private static final int RECENT_ACTIONS = 10;

  private final JdbcClient jdbc;
  private final SpaceService spaces;

  SpaceSummaries(JdbcClient jdbc, SpaceService spaces) {
    this.jdbc = jdbc;
    this.spaces = spaces;
  }

  public EventsApi.SpaceSummary of(String slug) {
    Space space = spaces.get(slug);
    Map<String, Long> drift = new LinkedHashMap<>(Map.of("None", 0L, "Drifted", 0L, "Unknown", 0L));
    jdbc.sql("select drift, count(*) from unit where space_id = :space group by drift")
        .param("space", space.id())
        .query((rs, row) -> drift.put(rs.getString(1), rs.getLong(2)))
        .list();
    Map<String, Long> health = new LinkedHashMap<>();
    List.of("Healthy", "Progressing", "Degraded", "Missing", "Unknown").forEach(status -> health.put(status, 0L));
    jdbc.sql("select health_status, count(*) from unit where space_id = :space and health_status is not null"
            + " group by health_status")
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
    List<EventsApi.RecentAction> recent = jdbc.sql("select u.slug, a.action, a.status, a.result, a.revision_num,"
            + " coalesce(a.finished_at, a.started_at, a.created_at) from unit_action a join unit u on u.id = a.unit_id"
            + " where u.space_id = :space order by a.created_at desc limit :limit")
        .param("space", space.id())
        .param("limit", RECENT_ACTIONS)
        .query((rs, row) -> new EventsApi.RecentAction(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
            (Integer) rs.getObject(5), rs.getObject(6, OffsetDateTime.class).toInstant()))
        .list();
    return new EventsApi.SpaceSummary(space.slug(), counts[0], drift, counts[1], counts[2], counts[3], health, recent);
  }
}
