package io.tandem.health.persistence;

import io.tandem.health.domain.HealthRule;
import io.tandem.health.domain.HealthRuleStore;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

@Repository
class JdbcHealthRuleStore implements HealthRuleStore {

  private final JdbcClient jdbc;

  JdbcHealthRuleStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public List<HealthRule> all() {
    return jdbc.sql("select s.slug, r.api_group, r.kind, r.healthy, r.degraded, r.reason, r.updated_at, r.updated_by"
            + " from health_rule r left join space s on s.id = r.space_id order by s.slug nulls first, r.api_group, r.kind")
        .query((rs, row) -> new HealthRule(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
            rs.getString(5), rs.getString(6), rs.getString(1) == null ? "server" : "space",
            rs.getObject(7, OffsetDateTime.class).toInstant(), rs.getString(8)))
        .list();
  }

  @Override
  @Transactional
  public boolean put(HealthRule rule) {
    UUID spaceId = null;
    if (rule.space() != null) {
      spaceId = jdbc.sql("select id from space where slug = :slug").param("slug", rule.space()).query(UUID.class)
          .optional().orElse(null);
      if (spaceId == null) {
        return false;
      }
    }
    // one statement, so that two writers of the same rule never collide on its unique index
    jdbc.sql("insert into health_rule (id, space_id, api_group, kind, healthy, degraded, reason, updated_at, updated_by)"
            + " values (:id, :space, :group, :kind, :healthy, :degraded, :reason, :at, :by)"
            + (spaceId == null ? " on conflict (api_group, kind) where space_id is null"
                : " on conflict (space_id, api_group, kind) where space_id is not null")
            + " do update set healthy = excluded.healthy, degraded = excluded.degraded, reason = excluded.reason,"
            + " updated_at = excluded.updated_at, updated_by = excluded.updated_by")
        .param("id", UUID.randomUUID())
        .param("space", spaceId, java.sql.Types.OTHER)
        .param("group", rule.group())
        .param("kind", rule.kind())
        .param("healthy", rule.healthy())
        .param("degraded", rule.degraded(), java.sql.Types.VARCHAR)
        .param("reason", rule.reason(), java.sql.Types.VARCHAR)
        .param("at", OffsetDateTime.ofInstant(rule.updatedAt(), ZoneOffset.UTC))
        .param("by", rule.updatedBy())
        .update();
    return true;
  }

  @Override
  @Transactional
  public boolean delete(String space, HealthRule.Kind kind) {
    return jdbc.sql("delete from health_rule where " + (space == null ? "space_id is null"
            : "space_id = (select id from space where slug = :slug)") + " and api_group = :group and kind = :kind")
        .param("slug", space == null ? "" : space).param("group", kind.group()).param("kind", kind.kind()).update() > 0;
  }
}
