package io.tandem.action.persistence;

import io.tandem.action.domain.RefreshQueue;

import java.util.Collection;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Queues the server's own refreshes (a watch's event, a periodic pass, a resumed unit): each only for an applied unit
 * with no open action, so a burst of reasons, or several replicas with the same one, queue one refresh.
 */
@Component
class JdbcRefreshQueue implements RefreshQueue {

  private final JdbcClient jdbc;

  JdbcRefreshQueue(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  @Transactional
  public int enqueueBackgroundRefreshes(int limit) {
    return jdbc.sql("insert into unit_action (id, unit_id, action, status, background, created_at)"
            + " select gen_random_uuid(), u.id, 'Refresh', 'Pending', true, now() from unit u"
            + " where u.live_revision_num > 0 and u.target is not null"
            + " and not exists (select 1 from unit_action a where a.unit_id = u.id and a.status in ('Pending', 'Running'))"
            + " order by u.id limit :limit")
        .param("limit", limit)
        .update();
  }

  @Override
  @Transactional
  public int enqueueBackgroundRefreshesOn(Collection<String> targets, Collection<UUID> unchanged, int limit) {
    return targets.isEmpty() ? 0 : jdbc.sql("insert into unit_action (id, unit_id, action, status, background, created_at)"
            + " select gen_random_uuid(), u.id, 'Refresh', 'Pending', true, now() from unit u"
            + " where u.live_revision_num > 0 and u.target = any(:targets) and u.id <> all(:unchanged)"
            + " and not exists (select 1 from unit_action a where a.unit_id = u.id and a.status in ('Pending', 'Running'))"
            + " order by u.id limit :limit")
        .param("targets", targets.toArray(String[]::new))
        .param("unchanged", unchanged.toArray(UUID[]::new))
        .param("limit", limit)
        .update();
  }

  @Override
  @Transactional
  public int enqueueBackgroundRefreshesInSpace(String space) {
    return jdbc.sql("insert into unit_action (id, unit_id, action, status, background, created_at)"
            + " select gen_random_uuid(), u.id, 'Refresh', 'Pending', true, now() from unit u join space s on s.id = u.space_id"
            + " where s.slug = :space and u.live_revision_num > 0 and u.target is not null"
            + " and not exists (select 1 from unit_action a where a.unit_id = u.id and a.status in ('Pending', 'Running'))")
        .param("space", space)
        .update();
  }

  @Override
  @Transactional
  public Optional<UUID> enqueueBackgroundRefresh(UUID unitId) {
    return jdbc.sql("insert into unit_action (id, unit_id, action, status, background, created_at)"
            + " select gen_random_uuid(), u.id, 'Refresh', 'Pending', true, now() from unit u where u.id = :id"
            + " and u.live_revision_num > 0"
            + " and not exists (select 1 from unit_action a where a.unit_id = u.id and a.status in ('Pending', 'Running'))"
            + " returning id")
        .param("id", unitId)
        .query(UUID.class)
        .optional();
  }
}
