package io.tandem.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.TandemApplication;
import io.tandem.common.hash.ContentHash;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Throughput and latency of the revision store on this machine: {@code ./mvnw test -Pbenchmark}. Not a test of
 * correctness (the ITs are) and never part of the normal build; it prints a table and writes it to
 * {@code target/benchmark.txt}.
 *
 * <p>Measured: data updates per second through the HTTP API at 1 and 8 concurrent clients (each client changes its
 * own unit, so every request makes a revision), GET-unit latency at 50 concurrent clients, and the same database
 * work as an update done with plain JDBC on the server's own connection pool, as the baseline the API is compared to.
 */
class RevisionStoreBenchmark {

  /** The JIT needs about a minute of load on two cores before the server's speed settles. */
  static final Duration JIT_WARM_UP = Duration.ofSeconds(Integer.getInteger("benchmark.jitWarmupSeconds", 60));
  static final Duration WARM_UP = Duration.ofSeconds(Integer.getInteger("benchmark.warmupSeconds", 3));
  static final Duration MEASURE = Duration.ofSeconds(Integer.getInteger("benchmark.seconds", 10));
  static final String SPACE = "bench";

  @Test
  void revisionStoreThroughputAndLatency() throws Exception {
    try (ConfigurableApplicationContext server =
        new SpringApplicationBuilder(TandemApplication.class)
            .run("--server.port=0", "--tandem.security.anonymous=true", "--tandem.embedded-postgres.persistent=false", "--tandem.data-dir=target/benchmark-data",
                "--tandem.sandbox.enabled=false", "--logging.level.root=WARN")) {
      int port = Integer.parseInt(server.getEnvironment().getProperty("local.server.port"));
      Api api = new Api(port);
      LoadClient http = new LoadClient(port);
      DataSource dataSource = server.getBean(DataSource.class);
      assertThat(api.post("/api/v1/spaces", Map.of("slug", SPACE)).status()).isEqualTo(201);
      for (int client = 0; client < 50; client++) {
        assertThat(api.post("/api/v1/spaces/" + SPACE + "/units", Map.of("slug", "api-" + client, "data", data(client, 0))).status())
            .isEqualTo(201);
        assertThat(api.post("/api/v1/spaces/" + SPACE + "/units", Map.of("slug", "jdbc-" + client, "data", data(client, 0))).status())
            .isEqualTo(201);
      }

      long jitWarmUpEnd = System.nanoTime() + JIT_WARM_UP.toNanos();
      for (int round = 0; System.nanoTime() < jitWarmUpEnd; round++) {
        int offset = 1_000_000 + round * 10_000;
        run(8, (client, i) -> http.expect200("PUT", "/api/v1/spaces/" + SPACE + "/units/api-" + client + "/data", data(client, offset + i)));
        run(8, (client, i) -> http.expect200("GET", "/api/v1/spaces/" + SPACE + "/units/api-" + client, null));
      }

      StringBuilder report = new StringBuilder();
      report.append(String.format(Locale.ROOT,
          "Revision store benchmark (%d cores, %s JIT warm-up, then %s per figure after %s warm-up)%n",
          Runtime.getRuntime().availableProcessors(), JIT_WARM_UP, MEASURE, WARM_UP));
      report.append(String.format(Locale.ROOT, "%-48s %12s%n", "measure", "value"));
      for (int clients : new int[] {1, 8}) {
        double apiRate = run(clients, (client, i) ->
            http.expect200("PUT", "/api/v1/spaces/" + SPACE + "/units/api-" + client + "/data", data(client, i))).perSecond();
        double jdbcRate = run(clients, (client, i) -> jdbcUpdate(dataSource, "jdbc-" + client, data(client, i))).perSecond();
        report.append(line("updates/s through the API, " + clients + " client(s)", apiRate));
        report.append(line("updates/s plain JDBC baseline, " + clients + " client(s)", jdbcRate));
        report.append(String.format(Locale.ROOT, "%-48s %11.0f%%%n", "API / JDBC, " + clients + " client(s)", 100 * apiRate / jdbcRate));
      }
      Result reads = run(50, (client, i) -> http.expect200("GET", "/api/v1/spaces/" + SPACE + "/units/api-" + client, null));
      report.append(line("GET unit/s, 50 clients", reads.perSecond()));
      report.append(String.format(Locale.ROOT, "%-48s %10.2fms%n", "GET unit latency p50, 50 clients", reads.percentileMillis(50)));
      report.append(String.format(Locale.ROOT, "%-48s %10.2fms%n", "GET unit latency p99, 50 clients", reads.percentileMillis(99)));

      System.out.print(report);
      Path out = Path.of("target", "benchmark.txt");
      Files.createDirectories(out.getParent());
      Files.writeString(out, report.toString(), StandardCharsets.UTF_8);
    }
  }

  /**
   * What the store does for one data update, in one transaction: lock the unit, read the head data (to compute the
   * mutations), store the blob, append the revision, advance the head and version.
   */
  static void jdbcUpdate(DataSource dataSource, String unit, String data) throws SQLException {
    try (Connection connection = dataSource.getConnection()) {
      connection.setAutoCommit(false);
      UUID unitId;
      int head;
      try (PreparedStatement lock = connection.prepareStatement(
          "select u.id, u.head_revision_num from unit u join space s on s.id = u.space_id"
              + " where s.slug = ? and u.slug = ? for update of u")) {
        lock.setString(1, SPACE);
        lock.setString(2, unit);
        try (ResultSet row = lock.executeQuery()) {
          row.next();
          unitId = row.getObject(1, UUID.class);
          head = row.getInt(2);
        }
      }
      try (PreparedStatement read = connection.prepareStatement(
          "select b.body from revision r join content_blob b on b.sha256 = r.content_sha256"
              + " where r.unit_id = ? and r.num = ?")) {
        read.setObject(1, unitId);
        read.setInt(2, head);
        try (ResultSet row = read.executeQuery()) {
          row.next();
          row.getString(1);
        }
      }
      String sha256 = ContentHash.sha256Hex(data);
      try (PreparedStatement blob = connection.prepareStatement(
          "insert into content_blob (sha256, size_bytes, body) values (?, ?, ?) on conflict (sha256) do nothing")) {
        blob.setString(1, sha256);
        blob.setInt(2, data.getBytes(StandardCharsets.UTF_8).length);
        blob.setString(3, data);
        blob.executeUpdate();
      }
      Timestamp now = Timestamp.from(Instant.now());
      try (PreparedStatement revision = connection.prepareStatement(
          "insert into revision (unit_id, num, source, description, author, created_at, content_sha256, mutations)"
              + " values (?, ?, 'Update', '', 'benchmark', ?, ?, cast(? as jsonb))")) {
        revision.setObject(1, unitId);
        revision.setInt(2, head + 1);
        revision.setTimestamp(3, now);
        revision.setString(4, sha256);
        revision.setString(5, "[{\"resource\":\"apps/v1/Deployment//paymentservice\",\"path\":\"spec.replicas\",\"op\":\"replace\",\"by\":\"update\"}]");
        revision.executeUpdate();
      }
      try (PreparedStatement advance = connection.prepareStatement(
          "update unit set head_revision_num = ?, version = version + 1, updated_at = ? where id = ?")) {
        advance.setInt(1, head + 1);
        advance.setTimestamp(2, now);
        advance.setObject(3, unitId);
        advance.executeUpdate();
      }
      connection.commit();
    }
  }

  /** Each update has different data, so each one makes a revision. */
  static String data(int client, int iteration) {
    return Fixtures.paymentService().replace("replicas: 1", "replicas: " + (iteration % 1000 + 1))
        .replace("value: \"50051\"", "value: \"" + (client * 1_000_000 + iteration) + "\"");
  }

  /**
   * The load generator shares the machine's two cores with the server, so it uses the JDK's plain blocking client
   * (keep-alive, one connection per thread), which costs far less CPU per request than java.net.http.
   */
  record LoadClient(int port) {
    void expect200(String method, String path, String yaml) throws Exception {
      HttpURLConnection connection = (HttpURLConnection) URI.create("http://localhost:" + port + path).toURL().openConnection();
      connection.setRequestMethod(method);
      if (yaml != null) {
        byte[] body = yaml.getBytes(StandardCharsets.UTF_8);
        connection.setDoOutput(true);
        connection.setRequestProperty("Content-Type", "application/yaml");
        connection.setFixedLengthStreamingMode(body.length);
        try (OutputStream out = connection.getOutputStream()) {
          out.write(body);
        }
      }
      int status = connection.getResponseCode();
      try (InputStream in = status < 400 ? connection.getInputStream() : connection.getErrorStream()) {
        String response = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        if (status != 200) {
          throw new IllegalStateException(method + " " + path + ": " + status + " " + response);
        }
      }
    }
  }

  interface Operation {
    void run(int client, int iteration) throws Exception;
  }

  record Result(long operations, Duration elapsed, long[] latenciesNanos) {
    double perSecond() {
      return operations / (elapsed.toNanos() / 1e9);
    }

    double percentileMillis(int percentile) {
      long[] sorted = latenciesNanos.clone();
      Arrays.sort(sorted);
      int index = (int) Math.ceil(percentile / 100.0 * sorted.length) - 1;
      return sorted[Math.max(0, index)] / 1e6;
    }
  }

  /** Runs {@code clients} loops for the warm-up, then counts what they complete in the measured window. */
  static Result run(int clients, Operation operation) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    try {
      AtomicBoolean measuring = new AtomicBoolean(false);
      AtomicBoolean stop = new AtomicBoolean(false);
      List<Future<List<Long>>> futures = new ArrayList<>();
      int[] iterations = new int[clients];
      for (int c = 0; c < clients; c++) {
        int client = c;
        futures.add(pool.submit(() -> {
          List<Long> latencies = new ArrayList<>();
          while (!stop.get()) {
            long start = System.nanoTime();
            operation.run(client, ++iterations[client]);
            if (measuring.get()) {
              latencies.add(System.nanoTime() - start);
            }
          }
          return latencies;
        }));
      }
      Thread.sleep(WARM_UP.toMillis());
      measuring.set(true);
      long start = System.nanoTime();
      Thread.sleep(MEASURE.toMillis());
      measuring.set(false);
      Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
      stop.set(true);
      List<Long> all = new ArrayList<>();
      for (Future<List<Long>> future : futures) {
        all.addAll(future.get(60, TimeUnit.SECONDS));
      }
      return new Result(all.size(), elapsed, all.stream().mapToLong(Long::longValue).toArray());
    } finally {
      pool.shutdownNow();
    }
  }

  private static String line(String label, double value) {
    return String.format(Locale.ROOT, "%-48s %12.0f%n", label, value);
  }
}
