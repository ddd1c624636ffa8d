package io.tandem.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.tandem.agent.WorkerAgent;
import io.tandem.benchmark.PackagedServer.Authorized;
import io.tandem.benchmark.PackagedServer.Usage;
import io.tandem.sandbox.ControlPlaneBinaries;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.Grants;
import io.tandem.support.WorkerProcess;
import io.tandem.targets.cluster.LocalClusters;
import io.tandem.targets.domain.TargetCredentials;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * Workers against the packaged server ({@code ./mvnw package -DskipTests}, then
 * {@code ./mvnw test -Pbenchmark -Dtest=WorkerBenchmark}): the server jar runs in its own JVM with the sandbox on the
 * real API server and a token on every call; the worker jar in another. (1) Break-glass capture latency, from an
 * out-of-band scale of a Deployment until the unit's new head revision is served, for a unit on the directly connected
 * sandbox and one on the same cluster through the worker, alternated change by change, after a warm-up. (2) The
 * server's resident memory and CPU time over a minute with no worker connected, then with 100 (each its own
 * credential, long-polling and asking what to watch as the worker jar does, as threads of this JVM). Appends to
 * {@code target/benchmark-workers.txt}.
 */
class WorkerBenchmark {

  static final int CHANGES = Integer.getInteger("benchmark.workerChanges", 40);
  static final int WARMUP = Integer.getInteger("benchmark.workerWarmup", 10);
  static final int WORKERS = Integer.getInteger("benchmark.workers", 100);
  static final Duration IDLE = Duration.ofSeconds(Long.getLong("benchmark.workerIdleSeconds", 60));
  static final String TOKEN = "tdm_benchwork_" + "b".repeat(43);

  @Test
  void captureLatencyThroughAWorkerAgainstTheDirectPathAndTheCostOfConnectedWorkers() throws Exception {
    assertThat(ControlPlaneBinaries.findDefault(new StringBuilder())).as("the real API server's binaries").isPresent();
    Path dataDir = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "benchmark-workers-");
    int port = PackagedServer.freePort();
    Process server = PackagedServer.start(dataDir, port, TOKEN);
    StringBuilder report = new StringBuilder();
    BenchResults results = new BenchResults("worker", "./mvnw test -Pbenchmark -Dtest=WorkerBenchmark");
    try {
      Authorized api = new Authorized(new Api(port).withTimeout(Duration.ofSeconds(90)), port, TOKEN);
      PackagedServer.awaitReady(api, dataDir, server);
      String kubeconfig = Files.readString(dataDir.resolve("sandbox").resolve("kubeconfig"));
      String credential = api.post("/api/v1/workers", Map.of("name", "bench")).json().path("credential").asString();
      api.post("/api/v1/targets", Map.of("slug", "through-bench", "connection", Map.of("worker", "bench")));
      Grants.everySpace(api.api(), "through-bench", "Authorization", "Bearer " + TOKEN);
      try (WorkerProcess worker = WorkerProcess.start(api.base(), "bench", credential, kubeconfig);
          KubernetesClient cluster = new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(kubeconfig)).build()) {
        String direct = unit(api, "bench-direct", "sandbox");
        String through = unit(api, "bench-worker", "through-bench");
        Thread.sleep(3_000); // both paths' watches of the new objects are open
        double[][] latencies = new double[2][CHANGES];
        for (int change = -WARMUP; change < CHANGES; change++) {
          for (int path = 0; path < 2; path++) {
            double seconds = capture(api, cluster, path == 0 ? "bench-direct" : "bench-worker",
                path == 0 ? direct : through, 2 + Math.floorMod(change, 3));
            if (change >= 0) {
              latencies[path][change] = seconds;
            }
          }
        }
        report.append(line("direct", latencies[0])).append(line("through the worker", latencies[1]));
        results.figure("break-glass capture through a worker, p50", percentile(latencies[1], 0.5), "s",
            "direct connection", percentile(latencies[0], 0.5));
        results.figure("break-glass capture through a worker, p95", percentile(latencies[1], 0.95), "s",
            "direct connection", percentile(latencies[0], 0.95));
      }
      report.append(connectedWorkers(api, server.pid()));
    } finally {
      server.destroy();
      server.waitFor();
    }
    System.out.print(report);
    results.append("");
    Files.writeString(Path.of("target", "benchmark-workers.txt"), report, StandardCharsets.UTF_8,
        StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }

  /** Scales the Deployment out of band; how long until the unit's head is a new revision holding it. */
  private static double capture(Authorized api, KubernetesClient cluster, String namespace, String unit, int replicas) {
    int head = api.get(unit).json().path("headRevisionNum").asInt();
    cluster.apps().deployments().inNamespace(namespace).withName("paymentservice").scale(replicas);
    long changed = System.nanoTime();
    // the poll interval is the stopwatch's resolution
    await("captured within 60 s").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(10))
        .until(() -> api.get(unit).json().path("headRevisionNum").asInt() != head);
    return (System.nanoTime() - changed) / 1e9;
  }

  private static String connectedWorkers(Authorized api, long server) throws Exception {
    Usage idle = Usage.over(server, IDLE);
    List<WorkerAgent> agents = new ArrayList<>();
    List<CompletableFuture<Void>> running = new ArrayList<>();
    TargetCredentials nowhere = new TargetCredentials(null, null, "https://127.0.0.1:9", "none", null, true);
    for (int i = 0; i < WORKERS; i++) {
      String credential = api.post("/api/v1/workers", Map.of("name", "sim-" + i)).json().path("credential").asString();
      WorkerAgent agent = new WorkerAgent(api.base(), "sim-" + i, credential, "bench", LocalClusters.client(), nowhere, 1);
      agents.add(agent);
      running.add(CompletableFuture.runAsync(agent::run));
    }
    PackagedServer.sleep(Duration.ofSeconds(30)); // every simulated worker connected, its first watch sync done
    int connected = (int) StreamSupport.stream(api.get("/api/v1/workers").json().path("items")
        .spliterator(), false).filter(view -> view.path("connected").asBoolean()).count();
    Usage busy = Usage.over(server, IDLE);
    agents.forEach(WorkerAgent::close);
    running.forEach(CompletableFuture::join);
    return String.format(Locale.ROOT, "Server JVM (not its embedded PostgreSQL) over %d s, no worker connected: RSS %d MiB, CPU %.2f s%n"
            + "Server JVM over %d s, %d workers connected (%d simulated): RSS %d MiB, CPU %.2f s;"
            + " per connected worker: %.0f KiB RSS, %.1f ms CPU per minute%n",
        IDLE.toSeconds(), idle.rssKib() / 1024, idle.cpuSeconds(), IDLE.toSeconds(), connected, WORKERS,
        busy.rssKib() / 1024, busy.cpuSeconds(), (busy.rssKib() - idle.rssKib()) / (double) WORKERS,
        (busy.cpuSeconds() - idle.cpuSeconds()) * 1000 / WORKERS * 60 / IDLE.toSeconds());
  }

  private static String line(String path, double[] latencies) {
    return String.format(Locale.ROOT, "Capture latency %s, %d changes: p50 %.3f s, p95 %.3f s%n", path,
        latencies.length, percentile(latencies, 0.5), percentile(latencies, 0.95));
  }

  private static double percentile(double[] latencies, double share) {
    double[] sorted = latencies.clone();
    Arrays.sort(sorted);
    return share == 0.5 ? sorted[sorted.length / 2] : sorted[(int) Math.ceil(sorted.length * share) - 1];
  }

  private static String unit(Authorized api, String space, String target) {
    String data = "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: " + space + "\n---\n" + Fixtures.paymentService()
        .replace("  name: paymentservice\n", "  name: paymentservice\n  namespace: " + space + "\n");
    api.post("/api/v1/spaces", Map.of("slug", space));
    String unit = "/api/v1/spaces/" + space + "/units/paymentservice";
    assertThat(api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "paymentservice", "data", data,
        "target", target)).status()).isEqualTo(201);
    assertThat(api.patch(unit, Map.of("driftMode", "Capture")).status())
        .isEqualTo(200);
    assertThat(api.post(unit + "/apply?wait=60", null).json().path("result").asString()).isEqualTo("ApplyCompleted");
    return unit;
  }
}
