package io.tandem.live;

import io.tandem.common.config.JsonColumns;
import io.tandem.unit.domain.LiveStateSource;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/** The last observed live state of each unit, and the baseline refreshes compare with. */
@Repository
public class LiveStore implements LiveStateSource {

  /** What was seen: cleaned objects in the order of the unit's data, and the names of objects that were missing. */
  public record Snapshot(
      List<Map<String, Object>> baseline,
      List<Map<String, Object>> observed,
      List<Map<String, Object>> resources,
      List<String> missing,
      Instant observedAt) {}

  private final JdbcClient jdbc;

  LiveStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public Optional<String> liveState(UUID unitId) {
    return find(unitId).map(LiveStore::yaml);
  }

  /** The observed objects as multi-document YAML. */
  static String yaml(Snapshot snapshot) {
    DumperOptions options = new DumperOptions();
    options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    return new Yaml(options).dumpAll(snapshot.observed().stream().filter(Objects::nonNull).iterator());
  }

  @SuppressWarnings("unchecked")
  public Optional<Snapshot> find(UUID unitId) {
    return jdbc.sql("select baseline::text, observed::text, resources::text, missing::text, observed_at from unit_live"
            + " where unit_id = :id")
        .param("id", unitId)
        .query((rs, row) -> new Snapshot(
            (List<Map<String, Object>>) (List<?>) JsonColumns.readList(rs.getString(1), Map.class),
            (List<Map<String, Object>>) (List<?>) JsonColumns.readList(rs.getString(2), Map.class),
            (List<Map<String, Object>>) (List<?>) JsonColumns.readList(rs.getString(3), Map.class),
            JsonColumns.readList(rs.getString(4), String.class),
            rs.getObject(5, OffsetDateTime.class).toInstant()))
        .optional();
  }

  /** Records an observation; with {@code moveBaseline}, configuration and cluster agree again at this state. */
  @Transactional
  public void record(UUID unitId, List<Map<String, Object>> observed, List<Map<String, Object>> resources,
      List<String> missing, boolean moveBaseline, Instant at) {
    jdbc.sql("insert into unit_live (unit_id, baseline, observed, resources, missing, observed_at)"
            + " values (:id, cast(:observed as jsonb), cast(:observed as jsonb), cast(:resources as jsonb),"
            + " cast(:missing as jsonb), :at) on conflict (unit_id) do update set"
            + " baseline = case when :move then excluded.baseline else unit_live.baseline end,"
            + " observed = excluded.observed, resources = excluded.resources, missing = excluded.missing,"
            + " observed_at = excluded.observed_at")
        .param("id", unitId)
        .param("observed", JsonColumns.write(observed))
        .param("resources", JsonColumns.write(resources))
        .param("missing", JsonColumns.write(missing))
        .param("move", moveBaseline)
        .param("at", OffsetDateTime.ofInstant(at, ZoneOffset.UTC))
        .update();
  }

  @Transactional
  public void recordDrift(UUID unitId, String drift) {
    jdbc.sql("update unit set drift = :drift where id = :id").param("drift", drift).param("id", unitId).update();
  }

  @Transactional
  public void forget(UUID unitId) {
    jdbc.sql("delete from unit_live where unit_id = :id").param("id", unitId).update();
  }
}
