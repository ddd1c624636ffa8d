package io.tandem.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.tandem.benchmark.PackagedServer.Authorized;
import io.tandem.benchmark.PackagedServer.Usage;
import io.tandem.sandbox.ControlPlaneBinaries;
import io.tandem.sandbox.SpareControlPlane;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.Grants;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A fleet on real API servers, against the packaged server ({@code ./mvnw package -DskipTests}, then
 * {@code ./mvnw test -Pbenchmark -Dtest=FleetBenchmark}), which runs in its own JVM with a token on every call:
 * {@code benchmark.fleetTargets} targets spread over {@code benchmark.fleetClusters} real control planes (the server's
 * sandbox and those this benchmark starts), each target with {@code benchmark.fleetUnitsPerTarget} units (a Deployment
 * and a Service) in four namespaces of its own, the units in ten spaces. In one run: set-image over every unit; a bulk
 * apply to Healthy of ten targets' units, then of every unit, with a reader of one space's units meanwhile; a refresh of
 * ten targets' units and of every unit; break-glass capture latency with every unit watched; the server JVM's CPU and
 * memory; the size of its database. Also {@code benchmark.fleetWorkerThreads} (the server's action workers, default 8)
 * and {@code benchmark.fleetCaptures} (out-of-band changes, default 20, over one unit of each of up to 20 targets).
 * Appends to {@code target/benchmark-fleet.txt}.
 */
class FleetBenchmark {

  static final int TARGETS = Integer.getInteger("benchmark.fleetTargets", 100);
  static final int UNITS_PER_TARGET = Integer.getInteger("benchmark.fleetUnitsPerTarget", 100);
  static final int CLUSTERS = Integer.getInteger("benchmark.fleetClusters", 2);
  static final int WORKER_THREADS = Integer.getInteger("benchmark.fleetWorkerThreads", 8);
  static final int CAPTURES = Integer.getInteger("benchmark.fleetCaptures", 20);
  static final int SPACES = 10;
  static final int UNITS = TARGETS * UNITS_PER_TARGET;
  static final String TOKEN = "tdm_benchfleet_" + "f".repeat(43);
  static final String ALL = "Slug LIKE 'svc-%'";
  static final String IMAGE = "us-central1-docker.pkg.dev/google-samples/microservices-demo/paymentservice:v0.10.3";
  static final String ENGINE = CLUSTERS + " real kube-apiserver" + (CLUSTERS == 1 ? "" : "s");
  static final BenchResults RESULTS = new BenchResults("fleet", "./mvnw test -Pbenchmark -Dtest=FleetBenchmark");

  @Test
  void aFleetOfUnitsOnSeveralRealApiServers() throws Exception {
    StringBuilder why = new StringBuilder();
    ControlPlaneBinaries binaries = ControlPlaneBinaries.findDefault(why).orElseThrow(() -> new IllegalStateException(
        "FleetBenchmark runs on real API servers, and their binaries were not found: " + why));
    Path dataDir = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "benchmark-fleet-");
    int port = PackagedServer.freePort();
    long started = System.nanoTime();
    Process server = PackagedServer.start(dataDir, port, TOKEN, "--tandem.sandbox.engine=kube-apiserver",
        "--tandem.worker.threads=" + WORKER_THREADS, "--tandem.live.watch-enabled=true",
        "--tandem.live.refresh-interval=24h", // no periodic pass: the refresh figures are of the passes asked for
        "--tandem.security.expensive-calls-per-minute=0", "--tandem.security.concurrent-writes-per-caller=0",
        "--tandem.outbound.allowed-networks=127.0.0.0/8"); // the targets' API servers are on loopback
    List<SpareControlPlane> spares = new ArrayList<>();
    List<KubernetesClient> clusters = new ArrayList<>();
    StringBuilder report = new StringBuilder();
    try {
      Authorized api = new Authorized(new Api(port), port, TOKEN).withTimeout(Duration.ofMinutes(30));
      PackagedServer.awaitReady(api, dataDir, server);
      List<String> kubeconfigs = new ArrayList<>(List.of(Files.readString(dataDir.resolve("sandbox").resolve("kubeconfig"))));
      for (int cluster = 2; cluster <= CLUSTERS; cluster++) {
        spares.add(SpareControlPlane.start(binaries, dataDir.resolve("cluster-" + cluster), Duration.ofMinutes(3)));
        kubeconfigs.add(spares.get(spares.size() - 1).kubeconfig());
      }
      kubeconfigs.forEach(kubeconfig -> clusters.add(
          new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(kubeconfig)).build()));
      long pid = server.pid();
      measure(report, pid, () -> registerTargets(api, clusters, kubeconfigs));
      measure(report, pid, () -> createUnits(api));
      double unwatched = liveHeapMib(api, pid);
      measure(report, pid, () -> setImage(api));
      measure(report, pid, () -> applyTenTargets(api));
      measure(report, pid, () -> applyAllWhileReading(api));
      measure(report, pid, () -> refreshes(api));
      measure(report, pid, () -> captureLatency(api, clusters));
      note(report, serverUsage(api, pid, started));
      note(report, watchedMemory(api, pid, unwatched));
      note(report, databaseSize(dataDir));
    } finally {
      clusters.forEach(KubernetesClient::close);
      server.destroy();
      server.waitFor();
      spares.forEach(SpareControlPlane::close);
    }
    note(report, String.format(Locale.ROOT, "The whole run: %.0f s%n", seconds(started)));
    RESULTS.append(String.format(Locale.ROOT, "%d targets x %d units, %d worker threads, %s", TARGETS,
        UNITS_PER_TARGET, WORKER_THREADS, ENGINE));
    Files.writeString(Path.of("target", "benchmark-fleet.txt"), report, StandardCharsets.UTF_8,
        StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }

  /** One step's lines, printed at once (a long run shows its progress), and the server's CPU time during it. */
  private static void measure(StringBuilder report, long pid, Step step) throws Exception {
    Usage before = Usage.now(pid);
    String lines = step.run();
    Usage after = Usage.now(pid);
    note(report, lines + String.format(Locale.ROOT, "  (server JVM during it: CPU %.1f s, RSS %d MiB after)%n",
        after.cpuSeconds() - before.cpuSeconds(), after.rssKib() / 1024));
  }

  private static void note(StringBuilder report, String lines) {
    System.out.print(lines);
    report.append(lines);
  }

  private static String registerTargets(Authorized api, List<KubernetesClient> clusters, List<String> kubeconfigs) {
    for (int space = 0; space < SPACES; space++) {
      assertThat(api.post("/api/v1/spaces", Map.of("slug", "team-" + space)).status()).isEqualTo(201);
    }
    long start = System.nanoTime();
    for (int t = 0; t < TARGETS; t++) {
      for (char suffix = 'a'; suffix <= 'd'; suffix++) {
        clusters.get(t % CLUSTERS).namespaces().resource(new NamespaceBuilder().withNewMetadata()
            .withName(target(t) + "-" + suffix).endMetadata().build()).serverSideApply();
      }
      Api.Response created = api.post("/api/v1/targets", Map.of("slug", target(t),
          "kubeconfig", kubeconfigs.get(t % CLUSTERS), "namespace", namespace(t, 0)));
      assertThat(created.status()).as(created.toString()).isEqualTo(201);
      assertThat(created.json().path("reachable").asBoolean()).as(created.toString()).isTrue();
      Grants.everySpace(api.api(), target(t), "Authorization", "Bearer " + api.token());
    }
    String versions = IntStream.range(0, Math.min(TARGETS, CLUSTERS))
        .mapToObj(t -> api.get("/api/v1/targets/" + target(t)).json().path("serverVersion").asString())
        .collect(Collectors.joining(", "));
    return String.format(Locale.ROOT, "Fleet: %d targets x %d units (a Deployment and a Service each) = %d units in %d spaces,"
            + " on %s (the server's sandbox and %d started by the benchmark; versions %s); server: the packaged jar,"
            + " %d worker threads, watches on%nRegistering the %d targets (4 namespaces each, created directly) on %s: %.1f s%n",
        TARGETS, UNITS_PER_TARGET, UNITS, SPACES, ENGINE, CLUSTERS - 1, versions, WORKER_THREADS, TARGETS, ENGINE,
        seconds(start));
  }

  private static String createUnits(Authorized api) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    long start = System.nanoTime();
    try {
      List<Future<Api.Response>> created = new ArrayList<>();
      for (int t = 0; t < TARGETS; t++) {
        for (int u = 0; u < UNITS_PER_TARGET; u++) {
          Map<String, String> body = Map.of("slug", slug(t, u), "data", data(t, u), "target", target(t));
          String units = "/api/v1/spaces/" + space(t) + "/units";
          created.add(pool.submit(() -> api.post(units, body)));
        }
      }
      for (Future<Api.Response> unit : created) {
        assertThat(unit.get().status()).as(unit.get().toString()).isEqualTo(201);
      }
    } finally {
      pool.shutdown();
    }
    double seconds = seconds(start);
    return String.format(Locale.ROOT, "Creating the %d units, one request each from 4 threads: %.1f s (%.0f units/s)"
        + " [database only, no cluster]%n", UNITS, seconds, UNITS / seconds);
  }

  private static String setImage(Authorized api) {
    long start = System.nanoTime();
    int revised = 0;
    for (int space = 0; space < SPACES; space++) {
      Api.Response invoked = api.post("/api/v1/spaces/team-" + space + "/functions/invoke", Map.of("where", ALL,
          "functions", List.of(Map.of("name", "set-image", "args", List.of("server", IMAGE)))));
      assertThat(invoked.status()).as(invoked.toString()).isEqualTo(200);
      for (JsonNode result : invoked.json().path("results")) {
        assertThat(result.path("revisionNum").asInt()).as(result.toString()).isEqualTo(2);
        revised++;
      }
    }
    assertThat(revised).as("units with a new revision").isEqualTo(UNITS);
    RESULTS.figure(String.format(Locale.ROOT, "set-image over %,d units", UNITS), seconds(start), "s");
    return String.format(Locale.ROOT, "set-image over all %d units, one invoke per space (%d spaces): %.1f s; every unit"
        + " has a new revision [database only, no cluster]%n", UNITS, SPACES, seconds(start));
  }

  private static String applyTenTargets(Authorized api) {
    int targets = Math.min(10, TARGETS);
    String where = IntStream.range(0, targets).mapToObj(t -> "'" + target(t) + "'")
        .collect(Collectors.joining(", ", "Target IN (", ")"));
    long start = System.nanoTime();
    Queued queued = bulk(api, "apply", where);
    // when the last apply had reached its cluster (the rest is the clusters' controllers and the health they report)
    double[] allApplied = {-1};
    Tally finished = await("every selected unit's last action finished").atMost(Duration.ofHours(3))
        .pollInterval(Duration.ofSeconds(1)).until(() -> tally(api, where), tally -> {
          if (allApplied[0] < 0 && tally.applied() == tally.units()) {
            allApplied[0] = seconds(start);
          }
          return tally.open() == 0;
        });
    RESULTS.figure(String.format(Locale.ROOT, "%,d units of %d targets applied and Healthy", targets * UNITS_PER_TARGET,
        targets), seconds(start), "s");
    return String.format(Locale.ROOT, "Bulk apply (waitFor healthy) of the %d units of %d targets [%s, %d worker threads]:"
            + " %s; every unit applied after %.1f s, every action finished after %.1f s: %s%n",
        targets * UNITS_PER_TARGET, targets, ENGINE, WORKER_THREADS, queued, allApplied[0], seconds(start), finished);
  }

  /** The bulk apply of every unit, while a reader in this JVM GETs one unit and a page of units of one space. */
  private static String applyAllWhileReading(Authorized api) {
    int read = Math.min(3, TARGETS - 1);
    AtomicBoolean stop = new AtomicBoolean();
    ExecutorService reader = Executors.newSingleThreadExecutor();
    CompletableFuture<double[][]> reads = CompletableFuture.supplyAsync(() -> readUntilStopped(api,
        "/api/v1/spaces/" + space(read) + "/units", slug(read, 0), stop), reader);
    long start = System.nanoTime();
    Queued queued;
    Tally finished;
    try {
      queued = bulk(api, "apply", ALL);
      finished = awaitFinished(api, ALL, Duration.ofSeconds(5));
    } finally {
      stop.set(true);
      reader.shutdown();
    }
    double seconds = seconds(start);
    double[][] latencies = reads.join();
    double[] gets = latencies[0].clone();
    Arrays.sort(gets);
    RESULTS.figure(String.format(Locale.ROOT, "bulk apply request, %,d units", UNITS), queued.seconds(), "s")
        .figure(String.format(Locale.ROOT, "all %,d applied and Healthy", UNITS), seconds, "s");
    if (gets.length > 0) {
      RESULTS.figure("GET unit during the bulk apply, p50", percentile(gets, 0.5) * 1000, "ms")
          .figure("GET unit during the bulk apply, p99", percentile(gets, 0.99) * 1000, "ms");
    }
    return String.format(Locale.ROOT, "Bulk apply (waitFor healthy) of all %d units [%s, %d worker threads]: %s; every"
            + " action finished after %.1f s: %s%n"
            + "  Meanwhile, GET /api/v1/spaces/%s/units/%s: %s; GET .../units?limit=50: %s%n",
        UNITS, ENGINE, WORKER_THREADS, queued, seconds, finished, space(read), slug(read, 0),
        percentiles(latencies[0]), percentiles(latencies[1]));
  }

  private static double[][] readUntilStopped(Authorized api, String units, String unit, AtomicBoolean stop) {
    List<Double> gets = new ArrayList<>();
    List<Double> lists = new ArrayList<>();
    while (!stop.get()) {
      gets.add(timed(() -> api.get(units + "/" + unit)));
      lists.add(timed(() -> api.get(units + "?limit=50")));
    }
    return new double[][] {gets.stream().mapToDouble(Double::doubleValue).toArray(),
        lists.stream().mapToDouble(Double::doubleValue).toArray()};
  }

  private static double timed(Supplier<Api.Response> call) {
    long start = System.nanoTime();
    Api.Response response = call.get();
    double seconds = seconds(start);
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    return seconds;
  }

  private static String refreshes(Authorized api) {
    int targets = Math.min(10, TARGETS);
    String tenTargets = IntStream.range(0, targets).mapToObj(t -> "'" + target(t) + "'")
        .collect(Collectors.joining(", ", "Target IN (", ")"));
    StringBuilder lines = new StringBuilder();
    for (String where : List.of(tenTargets, ALL)) {
      long start = System.nanoTime();
      Queued queued = bulk(api, "refresh", where);
      Tally finished = awaitFinished(api, where, Duration.ofSeconds(where.equals(ALL) ? 5 : 1));
      RESULTS.figure(String.format(Locale.ROOT, "bulk refresh, %,d units", where.equals(ALL) ? UNITS
          : targets * UNITS_PER_TARGET), seconds(start), "s");
      lines.append(String.format(Locale.ROOT, "Refresh (POST /api/v1/actions, as a background pass would queue them) of"
              + " %s [%s, %d worker threads]: %s; every action finished after %.1f s: %s%n",
          where.equals(ALL) ? "all " + UNITS + " units" : "the " + targets * UNITS_PER_TARGET + " units of " + targets
              + " targets", ENGINE, WORKER_THREADS, queued, seconds(start), finished));
    }
    return lines.toString();
  }

  private static String captureLatency(Authorized api, List<KubernetesClient> clusters) {
    int units = Math.min(20, TARGETS);
    for (int t = 0; t < units; t++) {
      assertThat(api.patch(unit(t, 0), Map.of("driftMode", "Capture")).status()).isEqualTo(200);
      assertThat(clusters.get(t % CLUSTERS).services().inNamespace(namespace(t, 0)).withName(slug(t, 0)).get())
          .as("the Service of " + slug(t, 0)).isNotNull();
    }
    double[] latencies = new double[CAPTURES];
    for (int change = 0; change < CAPTURES; change++) {
      int t = change % units;
      latencies[change] = capture(api, clusters.get(t % CLUSTERS), t, 2 + (change / units) % 2);
    }
    Arrays.sort(latencies);
    RESULTS.figure(String.format(Locale.ROOT, "break-glass capture, %,d objects watched, p95", 2 * UNITS),
        percentile(latencies, 0.95), "s");
    return String.format(Locale.ROOT, "Break-glass capture latency, %d out-of-band scales of the Deployments of %d units"
            + " (drift mode Capture, one per target), all %d units watched [%s]: p50 %.3f s, p95 %.3f s, max %.3f s%n",
        CAPTURES, units, UNITS, ENGINE, percentile(latencies, 0.5), percentile(latencies, 0.95),
        latencies[latencies.length - 1]);
  }

  /** Scales the Deployment out of band; how long until the unit's head is a new revision holding it. */
  private static double capture(Authorized api, KubernetesClient cluster, int t, int replicas) {
    int head = api.get(unit(t, 0)).json().path("headRevisionNum").asInt();
    cluster.apps().deployments().inNamespace(namespace(t, 0)).withName(slug(t, 0)).scale(replicas);
    long changed = System.nanoTime();
    // the poll interval is the stopwatch's resolution
    await("captured within 60 s").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(10))
        .until(() -> api.get(unit(t, 0)).json().path("headRevisionNum").asInt() != head);
    return seconds(changed);
  }

  private static String serverUsage(Authorized api, long pid, long started) throws Exception {
    Usage end = Usage.now(pid);
    return String.format(Locale.ROOT, "Server JVM (not its embedded PostgreSQL, not the API servers) from its start,"
            + " %.0f s ago: CPU %.1f s, peak RSS %d MiB; at the end: RSS %d MiB, %s%n",
        seconds(started), end.cpuSeconds(), Usage.peakRssKib(pid) / 1024, end.rssKib() / 1024, heapUsed(api));
  }

  /**
   * The heap that is live after a full collection, once the units exist (nothing applied, nothing watched) and again at
   * the end (every unit applied and watched): the difference over the watched objects is what each costs at most (it
   * also holds each unit's health, live state and caches).
   */
  private static String watchedMemory(Authorized api, long pid, double unwatched) throws Exception {
    double watched = liveHeapMib(api, pid);
    int objects = 2 * UNITS;
    return String.format(Locale.ROOT, "Live heap after a full GC: %.0f MiB with the %d units and nothing watched, %.0f MiB"
        + " with all applied and their %d objects watched: at most %.1f KiB per watched object%n", unwatched, UNITS,
        watched, objects, (watched - unwatched) * 1024 / objects);
  }

  /** Heap used right after a full collection ({@code jcmd GC.run}), from the Prometheus endpoint. */
  private static double liveHeapMib(Authorized api, long pid) throws Exception {
    Process gc = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
        String.valueOf(pid), "GC.run").redirectErrorStream(true).start();
    gc.getInputStream().readAllBytes();
    assertThat(gc.waitFor()).as("jcmd GC.run").isZero();
    return heapBytes(api) / (1 << 20);
  }

  private static double heapBytes(Authorized api) {
    String scraped = api.get("/actuator/prometheus").body();
    return scraped.lines().filter(line -> line.startsWith("jvm_memory_used_bytes{") && line.contains("area=\"heap\""))
        .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1))).sum();
  }

  /** From the Prometheus endpoint: application.yaml exposes it, not /actuator/metrics. */
  private static String heapUsed(Authorized api) {
    Api.Response scraped = api.get("/actuator/prometheus");
    if (scraped.status() != 200) {
      return "heap used not measured (/actuator/prometheus answered " + scraped.status() + ")";
    }
    double bytes = scraped.body().lines().filter(line -> line.startsWith("jvm_memory_used_bytes{")
        && line.contains("area=\"heap\"")).mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
        .sum();
    return String.format(Locale.ROOT, "heap used %.0f MiB (jvm_memory_used_bytes, area heap)", bytes / (1 << 20));
  }

  private static String databaseSize(Path dataDir) throws Exception {
    // the embedded database's port is in its postmaster.pid (4th line); its superuser's password beside its folder
    String port = Files.readAllLines(dataDir.resolve("postgres").resolve("postmaster.pid")).get(3).strip();
    String password = Files.readString(dataDir.resolve("postgres.password")).strip();
    try (Connection db = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/postgres", "postgres",
        password); Statement sql = db.createStatement()) {
      long bytes = single(sql, "select pg_database_size(current_database())");
      long units = single(sql, "select count(*) from unit");
      long revisions = single(sql, "select count(*) from revision");
      StringBuilder lines = new StringBuilder(String.format(Locale.ROOT, "Embedded PostgreSQL: %d MiB for %d units and"
              + " %d revisions: %.1f KiB per unit, %.1f KiB per revision (the whole database over each)%n",
          bytes >> 20, units, revisions, bytes / 1024.0 / units, bytes / 1024.0 / revisions));
      try (ResultSet largest = sql.executeQuery("select relname, pg_total_relation_size(oid) as size from pg_class"
          + " where relkind = 'r' and relnamespace = current_schema()::regnamespace order by size desc limit 5")) {
        while (largest.next()) {
          lines.append(String.format(Locale.ROOT, "  table %s: %.1f MiB with its indexes and TOAST%n",
              largest.getString("relname"), largest.getLong("size") / (double) (1 << 20)));
        }
      }
      return lines.toString();
    }
  }

  private static long single(Statement sql, String query) throws Exception {
    try (ResultSet row = sql.executeQuery(query)) {
      assertThat(row.next()).isTrue();
      return row.getLong(1);
    }
  }

  /** Queues {@code action} for the selected units of every space; how long the request took and what it answered. */
  private static Queued bulk(Authorized api, String action, String where) {
    Map<String, String> body = action.equals("apply")
        ? Map.of("action", action, "where", where, "waitFor", "healthy", "timeout", "5m")
        : Map.of("action", action, "where", where);
    long start = System.nanoTime();
    Api.Response response = api.post("/api/v1/actions", body);
    double seconds = seconds(start);
    assertThat(response.status()).as(response.toString()).isIn(200, 207);
    int queued = 0;
    Map<String, Integer> refused = new TreeMap<>();
    for (JsonNode result : response.json().path("results")) {
      if (text(result.path("error")) == null) {
        queued++;
      } else {
        refused.merge(text(result.path("error").path("detail")), 1, Integer::sum);
      }
    }
    return new Queued(seconds, queued, refused);
  }

  /** Reads the selected units of every space until none has an action pending or running. */
  private static Tally awaitFinished(Authorized api, String where, Duration poll) {
    return await("every selected unit's last action finished").atMost(Duration.ofHours(3)).pollInterval(poll)
        .until(() -> tally(api, where), tally -> tally.open() == 0);
  }

  private static Tally tally(Authorized api, String where) {
    Tally tally = new Tally();
    for (int space = 0; space < SPACES; space++) {
      String cursor = null;
      do {
        Api.Response page = api.get("/api/v1/spaces/team-" + space + "/units?limit=1000&where="
            + URLEncoder.encode(where, StandardCharsets.UTF_8)
            + (cursor == null ? "" : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8)));
        assertThat(page.status()).as(page.toString()).isEqualTo(200);
        page.items().forEach(tally::count);
        cursor = text(page.json().path("nextCursor"));
      } while (cursor != null);
    }
    return tally;
  }

  private static String text(JsonNode node) {
    return node.isNull() || node.isMissingNode() ? null : node.asString();
  }

  private static String percentiles(double[] seconds) {
    double[] sorted = seconds.clone();
    Arrays.sort(sorted);
    return sorted.length == 0 ? "no calls" : String.format(Locale.ROOT, "%d calls, p50 %.1f ms, p95 %.1f ms, p99 %.1f ms",
        sorted.length, percentile(sorted, 0.5) * 1000, percentile(sorted, 0.95) * 1000, percentile(sorted, 0.99) * 1000);
  }

  private static double percentile(double[] sorted, double fraction) {
    return sorted[Math.max(0, (int) Math.ceil(sorted.length * fraction) - 1)];
  }

  private static double seconds(long since) {
    return (System.nanoTime() - since) / 1e9;
  }

  /** Target {@code t} is {@code t-<t>}, its units are in space {@code team-<t mod 10>}. */
  private static String target(int t) {
    return "t-" + t;
  }

  private static String space(int t) {
    return "team-" + t % SPACES;
  }

  private static String slug(int t, int u) {
    return "svc-" + t + "-" + u;
  }

  private static String unit(int t, int u) {
    return "/api/v1/spaces/" + space(t) + "/units/" + slug(t, u);
  }

  /** The units of a target take turns over its four namespaces. */
  private static String namespace(int t, int u) {
    return target(t) + "-" + (char) ('a' + u % 4);
  }

  /** The payment service's Deployment and Service, both named after the unit, in one of its target's namespaces. */
  private static String data(int t, int u) {
    String data = Fixtures.paymentService()
        .replace("  name: paymentservice\n", "  name: " + slug(t, u) + "\n  namespace: " + namespace(t, u) + "\n")
        .replace("app: paymentservice", "app: " + slug(t, u));
    assertThat(data.split("\n  namespace: ", -1)).as("a Deployment and a Service, each in a namespace").hasSize(3);
    return data;
  }

  @FunctionalInterface
  private interface Step {
    String run() throws Exception;
  }

  /** A bulk request: how long it took, how many actions it queued, and why it refused the others. */
  private record Queued(double seconds, int queued, Map<String, Integer> refused) {

    @Override
    public String toString() {
      return String.format(Locale.ROOT, "the request %.1f s (%d queued%s)", seconds, queued,
          refused.isEmpty() ? "" : ", refused: " + refused);
    }
  }

  /** The selected units by their last action's kind, status and result, and the messages of those not Completed. */
  private static final class Tally {

    private final Map<String, Integer> results = new TreeMap<>();
    private final Map<String, Integer> failures = new TreeMap<>();
    private int units;
    private int open;
    private int applied;
    private int healthy;

    void count(JsonNode unit) {
      JsonNode status = unit.path("status");
      String state = text(status.path("actionStatus"));
      units++;
      open += "Pending".equals(state) || "Running".equals(state) ? 1 : 0;
      // an apply that waits for health is Running with what it applied as its message
      applied += "Completed".equals(state) || ("Running".equals(state)
          && String.valueOf(text(status.path("message"))).startsWith("Applied revision")) ? 1 : 0;
      healthy += "Healthy".equals(text(unit.path("health").path("status"))) ? 1 : 0;
      results.merge(text(status.path("action")) + " " + state + " " + text(status.path("result")), 1, Integer::sum);
      if (!"Completed".equals(state)) {
        String message = String.valueOf(text(status.path("message")));
        failures.merge(message.substring(0, Math.min(200, message.length())), 1, Integer::sum);
      }
    }

    int open() {
      return open;
    }

    int units() {
      return units;
    }

    int applied() {
      return applied;
    }

    @Override
    public String toString() {
      StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "%d units, %d Healthy, by last action: %s",
          units, healthy, results));
      failures.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder()))
          .limit(5).forEach(failure -> text.append(String.format(Locale.ROOT, "%n    %d x %s", failure.getValue(),
              failure.getKey())));
      return text.toString();
    }
  }
}
