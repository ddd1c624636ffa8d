package io.tandem.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.TandemApplication;
import io.tandem.common.config.JsonColumns;
import io.tandem.common.hash.ContentHash;
import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.KubernetesYaml;
import io.tandem.support.Fixtures;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Filtered lists over 100,000 units in 100 spaces ({@code ./mvnw test -Pbenchmark}): latency of the first page
 * (100 units) through the API. The units are written straight into the database (the API would take minutes), with
 * the same shape the API writes. Writes {@code target/benchmark-where.txt}.
 */
class WhereBenchmark {

  static final int SPACES = 100;
  static final int UNITS_PER_SPACE = 1000;
  static final int REQUESTS = 200;

  @Test
  void firstPageOfFilteredListsOverAHundredThousandUnits() throws Exception {
    try (ConfigurableApplicationContext server =
        new SpringApplicationBuilder(TandemApplication.class)
            .run("--server.port=0", "--tandem.security.anonymous=true", "--tandem.embedded-postgres.persistent=false", "--tandem.data-dir=target/benchmark-data",
                "--tandem.sandbox.enabled=false", "--logging.level.root=WARN")) {
      int port = Integer.parseInt(server.getEnvironment().getProperty("local.server.port"));
      seed(server.getBean(JdbcTemplate.class));
      RevisionStoreBenchmark.LoadClient http = new RevisionStoreBenchmark.LoadClient(port);

      StringBuilder report = new StringBuilder(String.format(Locale.ROOT,
          "First page (100 units) of a filtered list in one space, %d units in %d spaces, %d requests each%n",
          SPACES * UNITS_PER_SPACE, SPACES, REQUESTS));
      for (String query : List.of(
          "where=" + encode("Labels.tier = 'backend'"),
          "where=" + encode("HeadRevisionNum > LiveRevisionNum"),
          "where=" + encode("Labels.tier = 'backend' AND HeadRevisionNum > LiveRevisionNum"),
          "resourceType=apps/v1/Deployment&whereData=" + encode("spec.replicas < 2"))) {
        String path = "/api/v1/spaces/space-050/units?" + query;
        for (int i = 0; i < 50; i++) {
          http.expect200("GET", path, null); // warm-up
        }
        long[] nanos = new long[REQUESTS];
        for (int i = 0; i < REQUESTS; i++) {
          long start = System.nanoTime();
          http.expect200("GET", path, null);
          nanos[i] = System.nanoTime() - start;
        }
        Arrays.sort(nanos);
        report.append(String.format(Locale.ROOT, "%-75s p50 %6.2f ms  p99 %6.2f ms%n",
            java.net.URLDecoder.decode(query, StandardCharsets.UTF_8), nanos[REQUESTS / 2] / 1e6, nanos[REQUESTS * 99 / 100] / 1e6));
      }
      System.out.print(report);
      Path out = Path.of("target", "benchmark-where.txt");
      Files.createDirectories(out.getParent());
      Files.writeString(out, report.toString(), StandardCharsets.UTF_8);
    }
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }

  /** 100 spaces of 1,000 units, a third of them labelled backend, half with unapplied changes. */
  private static void seed(JdbcTemplate jdbc) {
    String data = Fixtures.paymentService();
    String sha = ContentHash.sha256Hex(data);
    String objects = JsonColumns.write(KubernetesYaml.parse(data).stream().map(KubernetesResource::content).toList());
    jdbc.update("insert into content_blob (sha256, size_bytes, body) values (?, ?, ?)", sha, data.length(), data);
    jdbc.update(
        "insert into space (id, slug, display_name, labels, drift_mode, created_at, updated_at)"
            + " select gen_random_uuid(), 'space-' || lpad(i::text, 3, '0'), 'Space ' || i, '{}', 'Report', now(), now()"
            + " from generate_series(1, ?) i",
        SPACES);
    jdbc.update(
        "insert into unit (id, space_id, slug, display_name, labels, drift_mode, drift, version, head_revision_num,"
            + " live_revision_num, head_objects, head_sha256, created_at, updated_at)"
            + " select gen_random_uuid(), s.id, 'unit-' || lpad(j::text, 4, '0'), 'Unit ' || j,"
            + " jsonb_build_object('tier', (array['backend', 'frontend', 'data'])[1 + j % 3], 'team', 'team-' || (j % 10)),"
            + " 'Report', 'None', 1, 2, 1 + j % 2, cast(? as jsonb), ?, now(), now()"
            + " from space s cross join generate_series(1, ?) j",
        objects, sha, UNITS_PER_SPACE);
    jdbc.update(
        "insert into revision (unit_id, num, source, description, author, created_at, content_sha256)"
            + " select u.id, n, 'Create', '', 'benchmark', now(), ? from unit u cross join generate_series(1, 2) n",
        sha);
    jdbc.execute("analyze");
    assertThat(jdbc.queryForObject("select count(*) from unit", Long.class)).isEqualTo((long) SPACES * UNITS_PER_SPACE);
  }
}
