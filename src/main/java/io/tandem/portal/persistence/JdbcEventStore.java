package io.tandem.portal.persistence;

import io.tandem.common.config.JsonColumns;
import io.tandem.portal.domain.Event;
import io.tandem.portal.domain.EventStore;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/** The table {@code event}, which the database's triggers write (V010 and later). */
@Repository
class JdbcEventStore implements EventStore {

  private final JdbcClient jdbc;

  JdbcEventStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public List<Event> after(long after, int limit) {
    return jdbc.sql("select id, space, type, unit, payload::text, created_at from event where id > :after order by id limit :limit")
        .param("after", after)
        .param("limit", limit)
        .query((rs, row) -> new Event(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4),
            JsonColumns.readMap(rs.getString(5)), rs.getObject(6, OffsetDateTime.class).toInstant()))
        .list();
  }

  @Override
  public long lastId() {
    return jdbc.sql("select coalesce(max(id), 0) from event").query(Long.class).single();
  }

  @Override
  @Transactional
  public int deleteBefore(Instant before) {
    return jdbc.sql("delete from event where created_at < :before")
        .param("before", OffsetDateTime.ofInstant(before, ZoneOffset.UTC))
        .update();
  }
}
