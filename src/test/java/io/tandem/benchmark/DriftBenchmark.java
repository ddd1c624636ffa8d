package io.tandem.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.TandemApplication;
import io.tandem.action.domain.RefreshQueue;
import io.tandem.sandbox.ControlPlaneBinaries;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.OutOfBand;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Drift detection on the sandbox ({@code ./mvnw test -Pbenchmark}): the latency from an out-of-band change to the
 * drift being recorded over 100 changes, once with background refresh every second and watches off (the periodic
 * pass), once with watches on and no periodic refresh, on the mock and (where its binaries are) on the real API
 * server; and how long one background pass over 1,000 applied units takes, on the real API server where present.
 * Writes {@code target/benchmark-drift.txt}.
 */
class DriftBenchmark {

  static final int CHANGES = Integer.getInteger("benchmark.changes", 100);
  static final int UNITS = Integer.getInteger("benchmark.driftUnits", 1000);

  @Test
  void detectionLatencyAndABackgroundPass() throws Exception {
    List<String> engines = ControlPlaneBinaries.findDefault(new StringBuilder()).isPresent()
        ? List.of("mock", "kube-apiserver") : List.of("mock");
    for (String engine : CHANGES > 0 ? engines : List.<String>of()) {
      detectionLatency(engine, "refresh every 1 s, watches off", "--tandem.live.refresh-interval=1s", "--tandem.live.watch-enabled=false");
      detectionLatency(engine, "watches on, no periodic refresh", "--tandem.live.detection-enabled=false", "--tandem.live.watch-enabled=true");
    }
    // A server without periodic detection or watches, so that nothing but the one pass below is queued.
    try (ConfigurableApplicationContext server =
        new SpringApplicationBuilder(TandemApplication.class)
            .run("--server.port=0", "--tandem.security.anonymous=true", "--tandem.embedded-postgres.persistent=false", "--tandem.data-dir=target/benchmark-data",
                "--tandem.live.detection-enabled=false", "--tandem.live.watch-enabled=false", "--tandem.worker.threads=4",
                "--logging.level.root=WARN")) {
      Api api = new Api(Integer.parseInt(server.getEnvironment().getProperty("local.server.port")));
      JdbcTemplate jdbc = server.getBean(JdbcTemplate.class);
      SandboxCluster sandbox = server.getBean(SandboxCluster.class);
      try (OutOfBand kubectl = OutOfBand.asATool(sandbox)) {
        kubectl.namespace("fleet");
      }
      StringBuilder report = new StringBuilder("Sandbox engine for the pass: " + sandbox.engine() + "\n");
      api.post("/api/v1/spaces", Map.of("slug", "bench"));
      String data = Fixtures.paymentService();
      for (int i = 0; i < UNITS; i++) {
        String named = data.replace("  name: paymentservice\n", "  name: svc-" + i + "\n  namespace: fleet\n");
        api.post("/api/v1/spaces/bench/units", Map.of("slug", "svc-" + i, "data", named, "target", "sandbox"));
      }
      long applyStart = System.nanoTime();
      assertThat(api.withTimeout(Duration.ofMinutes(10)).post("/api/v1/spaces/bench/actions",
          Map.of("action", "apply", "where", "Slug LIKE 'svc-%'")).status()).isEqualTo(200);
      double queuing = (System.nanoTime() - applyStart) / 1e9;
      waitForIdle(jdbc);
      report.append(String.format(Locale.ROOT, "Applying %d units (4 worker threads): %.1f s (the bulk request itself: %.1f s)%n",
          UNITS, (System.nanoTime() - applyStart) / 1e9, queuing));
      jdbc.query("select result, left(message, 200) as message, count(*) as n from unit_action where action = 'Apply'"
              + " group by result, left(message, 200) order by n desc limit 5",
          (java.sql.ResultSet row) -> {
            report.append(String.format(Locale.ROOT, "  %d x %s: %s%n", row.getInt("n"), row.getString("result"), row.getString("message")));
          });
      long start = System.nanoTime();
      int queued = server.getBean(RefreshQueue.class).enqueueBackgroundRefreshes(100_000);
      waitForIdle(jdbc);
      double seconds = (System.nanoTime() - start) / 1e9;
      report.append(String.format(Locale.ROOT, "One background pass over %d applied units (4 worker threads): %.1f s%n", queued, seconds));

      System.out.print(report);
      append(report.toString());
    }
  }

  /** Out-of-band change → drift recorded, {@code CHANGES} times, on a server started with {@code options}. */
  private static void detectionLatency(String engine, String label, String... options) throws Exception {
    List<String> args = new ArrayList<>(List.of("--server.port=0", "--tandem.security.anonymous=true", "--tandem.embedded-postgres.persistent=false",
        "--tandem.data-dir=target/benchmark-data", "--tandem.worker.threads=4", "--logging.level.root=WARN",
        "--tandem.sandbox.engine=" + engine));
    args.addAll(List.of(options));
    try (ConfigurableApplicationContext server =
        new SpringApplicationBuilder(TandemApplication.class).run(args.toArray(String[]::new))) {
      Api api = new Api(Integer.parseInt(server.getEnvironment().getProperty("local.server.port")));
      JdbcTemplate jdbc = server.getBean(JdbcTemplate.class);
      try (OutOfBand kubectl = OutOfBand.asATool(server.getBean(SandboxCluster.class))) {
        kubectl.namespace("bench");
        api.post("/api/v1/spaces", Map.of("slug", "bench"));
        String data = Fixtures.paymentService().replace("  name: paymentservice\n", "  name: paymentservice\n  namespace: bench\n");
        api.post("/api/v1/spaces/bench/units", Map.of("slug", "watched", "data", data, "target", "sandbox"));
        assertThat(api.post("/api/v1/spaces/bench/units/watched/apply?wait=60", null).json().path("result").asString())
            .isEqualTo("ApplyCompleted");
        Thread.sleep(1000); // the apply's own watch events pass

        long[] latencies = new long[CHANGES];
        for (int i = 0; i < CHANGES; i++) {
          String memory = (200 + i) + "Mi";
          waitForIdle(jdbc);
          jdbc.update("delete from unit_drift where unit_id = (select id from unit where slug = 'watched')");
          jdbc.update("update unit_live set baseline = observed");
          long start = System.nanoTime();
          kubectl.setMemoryLimit("bench", "paymentservice", memory);
          // the poll interval is the stopwatch's resolution
          await("the change recorded as drift").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(5))
              .until(() -> "Drifted".equals(jdbc.queryForObject("select coalesce((select d.drift from unit_drift d"
                  + " where d.unit_id = u.id), 'None') from unit u where slug = 'watched'", String.class)));
          latencies[i] = System.nanoTime() - start;
        }
        Arrays.sort(latencies);
        String line = String.format(Locale.ROOT, "Detection latency (%s, %s), %d out-of-band changes: p50 %.2f s, p95 %.2f s%n",
            engine, label, CHANGES, latencies[CHANGES / 2] / 1e9, latencies[CHANGES * 95 / 100] / 1e9);
        System.out.print(line);
        append(line);
      }
    }
  }

  private static void append(String text) throws java.io.IOException {
    Path out = Path.of("target", "benchmark-drift.txt");
    Files.createDirectories(out.getParent());
    Files.writeString(out, text, StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
  }

  private static void waitForIdle(JdbcTemplate jdbc) {
    await("no action pending or running").forever().pollInterval(Duration.ofMillis(100))
        .until(() -> jdbc.queryForObject("select count(*) from unit_action where status in ('Pending', 'Running')",
            Integer.class) == 0);
  }
}
