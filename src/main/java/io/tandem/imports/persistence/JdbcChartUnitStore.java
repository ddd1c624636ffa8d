package io.tandem.imports.persistence;

import io.tandem.common.hash.ContentHash;
import io.tandem.imports.domain.ChartMetadata;
import io.tandem.imports.domain.ChartOrigin;
import io.tandem.imports.domain.ChartUnit;
import io.tandem.imports.domain.ChartUnitStore;
import io.tandem.imports.domain.Release;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

@Repository
class JdbcChartUnitStore implements ChartUnitStore {

  private final JdbcClient jdbc;

  JdbcChartUnitStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public Optional<ChartUnit> find(UUID unitId) {
    return jdbc.sql("select * from unit_chart where unit_id = :unit").param("unit", unitId)
        .query((rs, row) -> chartUnit(rs)).optional();
  }

  @Override
  @Transactional(propagation = Propagation.MANDATORY)
  public void save(ChartUnit unit) {
    jdbc.sql("""
            insert into unit_chart (unit_id, chart_name, chart_version, app_version, source, location, location_name,
                archive, archive_sha256, release_name, namespace, values_yaml, rendered, rendered_at)
            values (:unit, :name, :version, :appVersion, :source, :location, :locationName, :archive, :sha, :release,
                :namespace, :values, :rendered, :at)
            on conflict (unit_id) do update set chart_name = excluded.chart_name,
                chart_version = excluded.chart_version, app_version = excluded.app_version, source = excluded.source,
                location = excluded.location, location_name = excluded.location_name, archive = excluded.archive,
                archive_sha256 = excluded.archive_sha256, release_name = excluded.release_name,
                namespace = excluded.namespace, values_yaml = excluded.values_yaml,
                rendered = excluded.rendered, rendered_at = excluded.rendered_at""")
        .param("unit", unit.unitId())
        .param("name", unit.chart().name())
        .param("version", unit.chart().version())
        .param("appVersion", unit.chart().appVersion())
        .param("source", unit.origin().source().name())
        .param("location", unit.origin().location())
        .param("locationName", unit.origin().name())
        .param("archive", unit.archive())
        .param("sha", ContentHash.sha256Hex(unit.archive()))
        .param("release", unit.release().name())
        .param("namespace", unit.release().namespace())
        .param("values", unit.release().values())
        .param("rendered", unit.rendered())
        .param("at", Timestamp.from(unit.renderedAt()))
        .update();
  }

  private static ChartUnit chartUnit(ResultSet rs) throws SQLException {
    return new ChartUnit(
        rs.getObject("unit_id", UUID.class),
        new ChartMetadata(rs.getString("chart_name"), rs.getString("chart_version"), rs.getString("app_version")),
        new ChartOrigin(ChartOrigin.Source.valueOf(rs.getString("source")), rs.getString("location"),
            rs.getString("location_name")),
        rs.getBytes("archive"),
        new Release(rs.getString("release_name"), rs.getString("namespace"), rs.getString("values_yaml")),
        rs.getString("rendered"),
        rs.getTimestamp("rendered_at").toInstant());
  }
}
