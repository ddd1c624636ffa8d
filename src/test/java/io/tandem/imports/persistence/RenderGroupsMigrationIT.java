package io.tandem.imports.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * V041 on a database that holds units made before it: a chart imported whole keeps one unit for the chart, one
 * imported per kind keeps its kind, a watched Kustomize folder stays whole, and the chart's kind column is gone.
 */
class RenderGroupsMigrationIT {

  @Test
  void unitsMadeBeforeKeepTheirGroupings(@TempDir Path data) throws Exception {
    try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().setDataDirectory(data).setCleanDataDirectory(true).start()) {
      DataSource source = postgres.getPostgresDatabase();
      migrate(source, "40");
      JdbcClient jdbc = JdbcClient.create(source);
      UUID space = UUID.randomUUID();
      jdbc.sql("insert into space (id, slug, display_name, drift_mode, created_at, updated_at)"
          + " values (:id, 'shop', 'shop', 'Report', now(), now())").param("id", space).update();
      UUID whole = unit(jdbc, space, "web");
      UUID deployment = unit(jdbc, space, "web-deployment");
      UUID kustomized = unit(jdbc, space, "overlays-prod");
      chart(jdbc, whole, null);
      chart(jdbc, deployment, "Deployment");
      jdbc.sql("insert into unit_origin (unit_id, url, ref, path, layout, credentials, synced_commit, synced_text,"
          + " synced_at, checked_at) values (:unit, 'file:///repo.git', 'main', 'overlays/prod', 'kustomize', 'none',"
          + " 'c0ffee', '', now(), now())")
          .param("unit", kustomized).update();

      migrate(source, "latest");

      List<Map<String, Object>> groups = jdbc.sql("select u.slug, g.source, g.group_by, g.group_key"
          + " from unit_render_group g join unit u on u.id = g.unit_id order by u.slug").query().listOfRows();
      assertThat(groups).containsExactly(
          Map.of("slug", "overlays-prod", "source", "git file:///repo.git overlays/prod", "group_by", "chart",
              "group_key", ""),
          Map.of("slug", "web", "source", "helm repository https://charts.example.com web release web",
              "group_by", "chart", "group_key", ""),
          Map.of("slug", "web-deployment", "source", "helm repository https://charts.example.com web release web",
              "group_by", "kind", "group_key", "Deployment"));
      assertThat(jdbc.sql("select count(*) from information_schema.columns where table_name = 'unit_chart'"
          + " and column_name = 'kind'").query(Integer.class).single()).isZero();
    }
  }

  private static void migrate(DataSource source, String target) {
    Flyway.configure().dataSource(source).locations("filesystem:db/migrations").target(target).load().migrate();
  }

  private static UUID unit(JdbcClient jdbc, UUID space, String slug) {
    UUID id = UUID.randomUUID();
    jdbc.sql("insert into unit (id, space_id, slug, display_name, drift_mode, version, head_revision_num, head_sha256,"
        + " created_at, updated_at) values (:id, :space, :slug, :slug, 'Report', 1, 1, 'none', now(), now())")
        .param("id", id).param("space", space).param("slug", slug).update();
    return id;
  }

  private static void chart(JdbcClient jdbc, UUID unit, String kind) {
    jdbc.sql("insert into unit_chart (unit_id, chart_name, chart_version, source, location, location_name, archive,"
        + " archive_sha256, release_name, values_yaml, kind, rendered, rendered_at) values (:unit, 'web', '1.0.0',"
        + " 'repository', 'https://charts.example.com', 'web', '\\x00'::bytea, 'x', 'web', '', :kind, '', now())")
        .param("unit", unit).param("kind", kind).update();
  }
}
