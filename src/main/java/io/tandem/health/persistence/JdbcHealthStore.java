package io.tandem.health.persistence;

import io.tandem.common.yaml.ObjectKey;
import io.tandem.health.domain.HealthStore;
import io.tandem.health.domain.UnitHealth;
import io.tandem.health.status.HealthStatus;
import io.tandem.health.status.ObjectHealth;
import io.tandem.health.status.ObjectStatus;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The tables {@code object_health} (an applied object's, deleted with its {@code applied_object} row) and
 * {@code unit_health} (a unit's; no row while it has no objects).
 */
@Repository
class JdbcHealthStore implements HealthStore {

  private static final String KEY = " target = :target and api_group = :group and kind = :kind and namespace = :namespace"
      + " and name = :name";

  /** Resource versions are opaque, but etcd's are increasing numbers: an older one is not recorded over a newer. */
  private static final String NOT_OLDER = "cast(:version as text) is null or object_health.resource_version is null"
      + " or object_health.resource_version !~ '^[0-9]+$' or cast(:version as text) !~ '^[0-9]+$'"
      + " or cast(:version as numeric) >= cast(object_health.resource_version as numeric)";

  /** The first key of the advisory locks that serialise the health of one unit (the second is the unit's). */
  private static final int LOCK_SPACE = 0x6865616c;

  private final JdbcClient jdbc;

  JdbcHealthStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public UUID unitOf(String target, ObjectKey key) {
    return key(jdbc.sql("select unit_id from applied_object where" + KEY), target, key)
        .query(UUID.class).optional().orElse(null);
  }

  @Override
  public String spaceOf(String target, ObjectKey key) {
    return key(jdbc.sql("select s.slug from space s join unit u on u.space_id = s.id"
        + " where u.id = (select unit_id from applied_object where" + KEY + ")"), target, key)
        .query(String.class).optional().orElse(null);
  }

  @Override
  public String spaceOfUnit(UUID unitId) {
    return jdbc.sql("select s.slug from unit u join space s on s.id = u.space_id where u.id = :id").param("id", unitId)
        .query(String.class).optional().orElse(null);
  }

  @Override
  public void lockUnit(UUID unitId) {
    // Health writers take turns by a lock of their own; the unit's row is only kept from being deleted meanwhile
    // (key share), so working out health never holds up the unit's edits.
    jdbc.sql("select pg_advisory_xact_lock(:space, hashtext(cast(:id as text)))")
        .param("space", LOCK_SPACE)
        .param("id", unitId)
        .query((rs, row) -> 0)
        .list();
    jdbc.sql("select id from unit where id = :id for key share").param("id", unitId).query(UUID.class).optional();
  }

  @Override
  public void recordObject(String target, ObjectKey key, ObjectHealth health, String resourceVersion, Instant at) {
    key(jdbc.sql("insert into object_health (target, api_group, kind, namespace, name, status, reason, observed_at,"
            + " resource_version) select target, api_group, kind, namespace, name, :status, :reason, :at, :version"
            + " from applied_object where" + KEY + " on conflict (target, api_group, kind, namespace, name) do update"
            + " set status = excluded.status, reason = excluded.reason, observed_at = excluded.observed_at,"
            + " resource_version = excluded.resource_version"
            + " where " + NOT_OLDER), target, key)
        .param("status", health.status().name())
        .param("reason", health.reason())
        .param("at", OffsetDateTime.ofInstant(at, ZoneOffset.UTC))
        .param("version", resourceVersion, Types.VARCHAR)
        .update();
  }

  @Override
  public boolean recordSameHealth(String target, ObjectKey key, ObjectHealth health, String resourceVersion,
      Instant at) {
    return key(jdbc.sql("update object_health set observed_at = :at, resource_version = :version where" + KEY
            + " and status = :status and reason is not distinct from :reason and (" + NOT_OLDER + ")"), target, key)
        .param("status", health.status().name())
        .param("reason", health.reason(), Types.VARCHAR)
        .param("at", OffsetDateTime.ofInstant(at, ZoneOffset.UTC))
        .param("version", resourceVersion, Types.VARCHAR)
        .update() == 1;
  }

  @Override
  public List<ObjectRecord> objects(UUID unitId) {
    return jdbc.sql("select a.api_group, a.kind, a.namespace, a.name, h.status, h.reason, h.observed_at"
            + " from applied_object a left join object_health h on h.target = a.target and h.api_group = a.api_group"
            + " and h.kind = a.kind and h.namespace = a.namespace and h.name = a.name"
            + " where a.unit_id = :unit order by a.api_group, a.kind, a.namespace, a.name")
        .param("unit", unitId)
        .query((rs, row) -> {
          String status = rs.getString(5);
          OffsetDateTime at = rs.getObject(7, OffsetDateTime.class);
          return new ObjectRecord(new ObjectKey(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)),
              status == null ? null : new ObjectHealth(ObjectStatus.valueOf(status), rs.getString(6)),
              at == null ? null : at.toInstant());
        })
        .list();
  }

  @Override
  public UnitHealth unitHealth(UUID unitId) {
    return jdbc.sql("select status, reason, object, observed_at from unit_health where unit_id = :id")
        .param("id", unitId)
        .query((rs, row) -> {
          OffsetDateTime at = rs.getObject(4, OffsetDateTime.class);
          return new UnitHealth(HealthStatus.valueOf(rs.getString(1)), rs.getString(2), rs.getString(3),
              at == null ? null : at.toInstant());
        })
        .optional()
        .orElse(null);
  }

  @Override
  public boolean recordUnit(UUID unitId, UnitHealth health) {
    if (health == null) {
      return jdbc.sql("delete from unit_health where unit_id = :id").param("id", unitId).update() == 1;
    }
    return jdbc.sql("insert into unit_health (unit_id, status, reason, object, observed_at)"
            + " select id, :status, :reason, :object, :at from unit where id = :id"
            + " on conflict (unit_id) do update set status = excluded.status, reason = excluded.reason,"
            + " object = excluded.object, observed_at = excluded.observed_at"
            + " where (unit_health.status, unit_health.reason, unit_health.object)"
            + " is distinct from (excluded.status, excluded.reason, excluded.object)")
        .param("id", unitId)
        .param("status", health.status().name())
        .param("reason", health.reason(), Types.VARCHAR)
        .param("object", health.object(), Types.VARCHAR)
        .param("at", health.observedAt() == null ? null
            : OffsetDateTime.ofInstant(health.observedAt(), ZoneOffset.UTC), Types.TIMESTAMP_WITH_TIMEZONE)
        .update() == 1;
  }

  private static JdbcClient.StatementSpec key(JdbcClient.StatementSpec statement, String target, ObjectKey key) {
    return statement.param("target", target)
        .param("group", key.group())
        .param("kind", key.kind())
        .param("namespace", key.namespace())
        .param("name", key.name());
  }
}
