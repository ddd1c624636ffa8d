package io.tandem.health.persistence;

import io.tandem.common.yaml.ObjectKey;
import io.tandem.health.domain.HealthStatus;
import io.tandem.health.domain.HealthStore;
import io.tandem.health.domain.ObjectHealth;
import io.tandem.health.domain.ObjectStatus;
import io.tandem.health.domain.UnitHealth;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Health columns of {@code applied_object} and {@code unit} (V016). */
@Repository
class JdbcHealthStore implements HealthStore {

  private static final String KEY = " target = :target and api_group = :group and kind = :kind and namespace = :namespace"
      + " and name = :name";

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
  public void lockUnit(UUID unitId) {
    jdbc.sql("select id from unit where id = :id for update").param("id", unitId).query(UUID.class).optional();
  }

  @Override
  public void recordObject(String target, ObjectKey key, ObjectHealth health, String resourceVersion, Instant at) {
    // Resource versions are opaque, but etcd's are increasing numbers: an older one is not recorded over a newer.
    key(jdbc.sql("update applied_object set health_status = :status, health_reason = :reason,"
            + " health_observed_at = :at, health_resource_version = :version where" + KEY
            + " and (cast(:version as text) is null or health_resource_version is null"
            + " or health_resource_version !~ '^[0-9]+$' or cast(:version as text) !~ '^[0-9]+$'"
            + " or cast(:version as numeric) >= cast(health_resource_version as numeric))"), target, key)
        .param("status", health.status().name())
        .param("reason", health.reason())
        .param("at", OffsetDateTime.ofInstant(at, ZoneOffset.UTC))
        .param("version", resourceVersion, Types.VARCHAR)
        .update();
  }

  @Override
  public List<ObjectRecord> objects(UUID unitId) {
    return jdbc.sql("select api_group, kind, namespace, name, health_status, health_reason, health_observed_at"
            + " from applied_object where unit_id = :unit order by api_group, kind, namespace, name")
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
    return jdbc.sql("select health_status, health_reason, health_object, health_observed_at from unit where id = :id"
            + " and health_status is not null")
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
    HealthStatus status = health == null ? null : health.status();
    return jdbc.sql("update unit set health_status = :status, health_reason = :reason, health_object = :object,"
            + " health_observed_at = :at where id = :id and (health_status is distinct from :status"
            + " or health_reason is distinct from :reason or health_object is distinct from :object)")
        .param("id", unitId)
        .param("status", status == null ? null : status.name(), Types.VARCHAR)
        .param("reason", health == null ? null : health.reason(), Types.VARCHAR)
        .param("object", health == null ? null : health.object(), Types.VARCHAR)
        .param("at", health == null || health.observedAt() == null ? null
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
