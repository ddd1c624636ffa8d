package io.tandem.live.persistence;

import io.tandem.common.config.JsonColumns;
import io.tandem.common.yaml.ObjectKey;
import io.tandem.live.domain.LiveStore;
import io.tandem.unit.domain.Drift;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/** The last observed live state of each unit, the baseline refreshes compare with, and the unit's drift. */
@Repository
class JdbcLiveStore implements LiveStore {

  private final JdbcClient jdbc;

  JdbcLiveStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  @SuppressWarnings("unchecked")
  public Optional<Snapshot> find(UUID unitId) {
    return jdbc.sql("select baseline::text, observed::text, resources::text, missing::text, observed_at,"
            + " held_by::text, held_since, held_until from unit_live where unit_id = :id")
        .param("id", unitId)
        .query((rs, row) -> new Snapshot(
            (List<Map<String, Object>>) (List<?>) JsonColumns.readList(rs.getString(1), Map.class),
            (List<Map<String, Object>>) (List<?>) JsonColumns.readList(rs.getString(2), Map.class),
            (List<Map<String, Object>>) (List<?>) JsonColumns.readList(rs.getString(3), Map.class),
            JsonColumns.readList(rs.getString(4), String.class),
            rs.getObject(5, OffsetDateTime.class).toInstant(),
            rs.getString(6) == null ? null : new BreakGlassHold(
                JsonColumns.readList(rs.getString(6), String.class),
                rs.getObject(7, OffsetDateTime.class).toInstant(),
                rs.getObject(8, OffsetDateTime.class).toInstant())))
        .optional();
  }

  @Override
  public List<WatchedObject> watchedObjects() {
    return jdbc.sql(WATCHED + " and u.target is not null").query(JdbcLiveStore::watchedObject).list();
  }

  @Override
  public List<WatchedObject> watchedObjectsOn(Collection<String> targets) {
    return jdbc.sql(WATCHED + " and u.target = any(:targets)").param("targets", targets.toArray(String[]::new))
        .query(JdbcLiveStore::watchedObject).list();
  }

  @Override
  public List<WatchedObject> watchedObjectsAmong(Map<String, ? extends Collection<ObjectKey>> keysByTarget) {
    List<Map<String, String>> keys = new ArrayList<>();
    keysByTarget.forEach((target, some) -> some.forEach(key -> keys.add(Map.of("target", target, "group", key.group(),
        "kind", key.kind(), "namespace", key.namespace(), "name", key.name()))));
    if (keys.isEmpty()) {
      return List.of();
    }
    // applied_object's key finds the units; only their resources are unnested, to the one element that matched.
    return jdbc.sql(WATCHED_COLUMNS + " from jsonb_to_recordset(cast(:keys as jsonb)) as k(target text, \"group\" text,"
            + " kind text, namespace text, name text)"
            + " join applied_object a on a.target = k.target and a.api_group = k.\"group\" and a.kind = k.kind"
            + " and a.namespace = k.namespace and a.name = k.name"
            + " join unit u on u.id = a.unit_id and u.target = a.target join unit_live l on l.unit_id = u.id"
            + " cross join jsonb_array_elements(l.resources) r where u.live_revision_num > 0"
            + " and r->>'kind' = k.kind and r->>'name' = k.name and coalesce(r->>'namespace', '') = k.namespace"
            + " and (case when strpos(r->>'apiVersion', '/') > 0 then split_part(r->>'apiVersion', '/', 1) else ''"
            + " end) = k.\"group\"")
        .param("keys", JsonColumns.write(keys))
        .query(JdbcLiveStore::watchedObject).list();
  }

  private static final String WATCHED_COLUMNS = "select u.id, u.target, r->>'apiVersion', r->>'kind',"
      + " coalesce(r->>'namespace', ''), r->>'name', r->>'resourceVersion',"
      + " not exists (select 1 from unit_drift d where d.unit_id = u.id) and l.held_since is null"
      + " and coalesce(jsonb_array_length(l.missing), 0) = 0";

  private static final String WATCHED = WATCHED_COLUMNS
      + " from unit u join unit_live l on l.unit_id = u.id cross join jsonb_array_elements(l.resources) r"
      + " where u.live_revision_num > 0";

  private static WatchedObject watchedObject(java.sql.ResultSet rs, int row) throws java.sql.SQLException {
    return new WatchedObject(rs.getObject(1, UUID.class), rs.getString(2), rs.getString(3), rs.getString(4),
        rs.getString(5), rs.getString(6), rs.getString(7), rs.getBoolean(8));
  }

  @Override
  @Transactional
  public void record(UUID unitId, List<Map<String, Object>> observed, List<Map<String, Object>> resources,
      List<String> missing, boolean moveBaseline, Instant at) {
    jdbc.sql("insert into unit_live (unit_id, baseline, observed, resources, missing, observed_at)"
            + " values (:id, cast(:observed as jsonb), cast(:observed as jsonb), cast(:resources as jsonb),"
            + " cast(:missing as jsonb), :at) on conflict (unit_id) do update set"
            + " baseline = case when :move then excluded.baseline else unit_live.baseline end,"
            + " observed = excluded.observed, resources = excluded.resources, missing = excluded.missing,"
            + " observed_at = excluded.observed_at,"
            + " held_by = case when :move then null else unit_live.held_by end,"
            + " held_since = case when :move then null else unit_live.held_since end,"
            + " held_until = case when :move then null else unit_live.held_until end")
        .param("id", unitId)
        .param("observed", JsonColumns.write(observed))
        .param("resources", JsonColumns.write(resources))
        .param("missing", JsonColumns.write(missing))
        .param("move", moveBaseline)
        .param("at", OffsetDateTime.ofInstant(at, ZoneOffset.UTC))
        .update();
  }

  @Override
  @Transactional
  public BreakGlassHold hold(UUID unitId, List<String> by, Instant since, Instant until) {
    jdbc.sql("update unit_live set held_by = cast(:by as jsonb), held_since = :since, held_until = :until"
            + " where unit_id = :id and held_since is null")
        .param("id", unitId)
        .param("by", JsonColumns.write(by))
        .param("since", OffsetDateTime.ofInstant(since, ZoneOffset.UTC))
        .param("until", OffsetDateTime.ofInstant(until, ZoneOffset.UTC))
        .update();
    return find(unitId).map(Snapshot::hold).orElseThrow();
  }

  @Override
  @Transactional
  public void releaseHold(UUID unitId) {
    jdbc.sql("update unit_live set held_by = null, held_since = null, held_until = null where unit_id = :id")
        .param("id", unitId)
        .update();
  }

  @Override
  @Transactional
  public void recordDrift(UUID unitId, Drift drift) {
    if (drift == Drift.None) {
      jdbc.sql("delete from unit_drift where unit_id = :id").param("id", unitId).update();
    } else {
      jdbc.sql("insert into unit_drift (unit_id, drift) select id, :drift from unit where id = :id"
              + " on conflict (unit_id) do update"
              + " set drift = excluded.drift where unit_drift.drift <> excluded.drift")
          .param("drift", drift.name())
          .param("id", unitId)
          .update();
    }
  }

  @Override
  @Transactional
  public void forget(UUID unitId) {
    jdbc.sql("delete from unit_live where unit_id = :id").param("id", unitId).update();
  }
}
