package io.tandem.link.persistence;

import io.tandem.link.domain.Link;
import io.tandem.link.domain.LinkStore;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

@Repository
class JdbcLinkStore implements LinkStore {

  private final JdbcClient jdbc;

  JdbcLinkStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  @Transactional
  public boolean insert(UUID from, UUID to, Instant at) {
    return jdbc.sql("insert into unit_link (from_unit_id, to_unit_id, created_at) values (:from, :to, :at) on conflict do nothing")
        .param("from", from)
        .param("to", to)
        .param("at", OffsetDateTime.ofInstant(at, ZoneOffset.UTC))
        .update() == 1;
  }

  @Override
  @Transactional
  public boolean delete(UUID from, UUID to) {
    return jdbc.sql("delete from unit_link where from_unit_id = :from and to_unit_id = :to").param("from", from).param("to", to).update() == 1;
  }

  @Override
  public List<Link> of(UUID unitId) {
    return jdbc.sql("select fs.slug, f.slug, ts.slug, t.slug, l.created_at from unit_link l"
            + " join unit f on f.id = l.from_unit_id join space fs on fs.id = f.space_id"
            + " join unit t on t.id = l.to_unit_id join space ts on ts.id = t.space_id"
            + " where l.from_unit_id = :id or l.to_unit_id = :id order by l.created_at")
        .param("id", unitId)
        .query((rs, row) -> new Link(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
            rs.getObject(5, OffsetDateTime.class).toInstant()))
        .list();
  }

  @Override
  public boolean reaches(UUID to, UUID from) {
    return jdbc.sql("with recursive needed(id) as (select cast(:to as uuid) union"
            + " select l.to_unit_id from unit_link l join needed n on l.from_unit_id = n.id)"
            + " select exists (select 1 from needed where id = :from)")
        .param("to", to)
        .param("from", from)
        .query(Boolean.class)
        .single();
  }

  @Override
  public List<String> providerData(UUID unitId) {
    return jdbc.sql("select b.body from unit_link l join unit t on t.id = l.to_unit_id"
            + " join revision r on r.unit_id = t.id and r.num = t.head_revision_num"
            + " join content_blob b on b.sha256 = r.content_sha256 where l.from_unit_id = :id order by l.created_at")
        .param("id", unitId)
        .query(String.class)
        .list();
  }

  @Override
  public Map<UUID, Set<UUID>> providers(Collection<UUID> unitIds) {
    Map<UUID, Set<UUID>> providers = new HashMap<>();
    if (!unitIds.isEmpty()) {
      // one array parameter: a list of ten thousand units would bind twenty thousand
      jdbc.sql("select from_unit_id, to_unit_id from unit_link where from_unit_id = any(:ids) and to_unit_id = any(:ids)")
          .param("ids", unitIds.toArray(UUID[]::new))
          .query((rs, row) -> providers.computeIfAbsent(rs.getObject(1, UUID.class), id -> new LinkedHashSet<>())
              .add(rs.getObject(2, UUID.class)))
          .list();
    }
    return providers;
  }
}
