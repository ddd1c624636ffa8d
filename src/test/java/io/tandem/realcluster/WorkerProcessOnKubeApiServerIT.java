package io.tandem.realcluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.Grants;
import io.tandem.support.Kubectl;
import io.tandem.support.RealCluster;
import io.tandem.support.ServerProcess;
import io.tandem.support.TandemIT;
import io.tandem.support.WorkerProcess;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The worker as users run it, {@code java -jar tandem-<version>-worker.jar} in a process of its own beside the
 * sandbox's real API server, killed with SIGKILL while it watches and while it applies, and connected to a server that
 * restarts.
 */
@TandemIT
@RealCluster
class WorkerProcessOnKubeApiServerIT {

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;

  @Test
  void aChangeMadeWhileTheWorkerWasKilledIsCapturedOnceWhenItComesBack() throws Exception {
    Api api = new Api(port);
    String name = Api.uniqueSlug("killed");
    String credential = workerWithTarget(api, name);
    String unit = unit(api, name, name);
    assertThat(api.patch(unit, Map.of("driftMode", "Capture")).status()).isEqualTo(200);
    try (WorkerProcess worker = WorkerProcess.start(server(), name, credential, sandbox.kubeconfig())) {
      awaitConnected(api, name, Instant.EPOCH, worker);
      assertThat(ObjectOwnershipOnKubeApiServerIT.post(api, unit + "/apply?wait=60").path("result").asString())
          .isEqualTo("ApplyCompleted");
      Kubectl.succeed(Map.of(), "scale", "deployment/paymentservice", "--replicas=2", "-n", name);
      awaitHead(api, unit, 2, "the worker's watches captured the first scale", worker);

      worker.kill();
    }
    Kubectl.succeed(Map.of(), "scale", "deployment/paymentservice", "--replicas=4", "-n", name);

    try (WorkerProcess back = WorkerProcess.start(server(), name, credential, sandbox.kubeconfig())) {
      awaitHead(api, unit, 3, "the scale made while the worker was down, captured once it came back", back);
      assertThat(api.get(unit + "/data").body()).contains("replicas: 4");
      JsonNode refreshed = ObjectOwnershipOnKubeApiServerIT.post(api, unit + "/refresh?wait=60");
      assertThat(refreshed.path("result").asString()).as(refreshed.toString()).isEqualTo("RefreshAndNoDrift");
      assertThat(api.get(unit).json().path("headRevisionNum").asInt()).as("captured once").isEqualTo(3);
    }
  }

  @Test
  void anApplyTheWorkerWasRunningWhenKilledIsReportedAndTheNextApplySucceeds() throws IOException {
    Api api = new Api(port);
    String name = Api.uniqueSlug("mid-apply");
    String credential = workerWithTarget(api, name);
    String unit = unit(api, name, name);
    String action;
    try (Silent silent = new Silent();
        WorkerProcess worker = WorkerProcess.start(server(), name, credential, silent.kubeconfig())) {
      awaitConnected(api, name, Instant.EPOCH, worker);
      action = api.post(unit + "/apply", null).json().path("id").asString();
      await("the worker runs the apply's call (its cluster does not answer)").atMost(Duration.ofSeconds(30))
          .until(() -> api.get("/api/v1/workers/" + name).json().path("runningCalls").asInt() == 1);

      worker.kill();
    }
    try (WorkerProcess back = WorkerProcess.start(server(), name, credential, sandbox.kubeconfig())) {
      JsonNode failed = await("the apply the killed worker ran is reported failed").atMost(Duration.ofSeconds(60))
          .until(() -> api.get("/api/v1/actions/" + action).json(),
              view -> view.path("status").asString().equals("Failed"));
      assertThat(failed.path("message").asString())
          .contains("restarted while it ran the call", "whether the call took effect is unknown");

      JsonNode applied = ObjectOwnershipOnKubeApiServerIT.post(api, unit + "/apply?wait=60");
      assertThat(applied.path("result").asString()).as(back.log()).isEqualTo("ApplyCompleted");
      try (KubernetesClient client = sandbox.client()) {
        assertThat(ObjectOwnershipOnKubeApiServerIT.deployment(client, name)).isNotNull();
      }
    }
  }

  @Test
  void aWorkerReconnectsByItselfToAServerThatRestarted() throws IOException {
    Path dataDir = Files.createTempDirectory(Files.createDirectories(Path.of("target", "it-data-worker-restart")),
        "data-");
    Map<String, String> settings = Map.of("tandem.workers.connected-within", "5s");
    String name = Api.uniqueSlug("restart");
    ServerProcess first = ServerProcess.start(dataDir, settings);
    int serverPort = first.port();
    String credential = workerWithTarget(first.api(), name);
    String unit = unit(first.api(), name, name);
    try (WorkerProcess worker = WorkerProcess.start(URI.create("http://127.0.0.1:" + serverPort), name, credential,
        sandbox.kubeconfig())) {
      awaitConnected(first.api(), name, Instant.EPOCH, worker);
      first.stop();
      Instant restarted = Instant.now();
      try (ServerProcess second = ServerProcess.restart(dataDir, settings, serverPort)) {
        Api api = second.api();
        awaitConnected(api, name, restarted, worker);
        JsonNode applied = ObjectOwnershipOnKubeApiServerIT.post(api, unit + "/apply?wait=60");
        assertThat(applied.path("result").asString()).as(worker.log()).isEqualTo("ApplyCompleted");
      }
    } finally {
      first.close();
    }
  }

  @Test
  void aStandbyServesTheTargetOnceItsWorkerIsKilledAndCapturesWhatMovedMeanwhile() throws Exception {
    Path dataDir = Files.createTempDirectory(Files.createDirectories(Path.of("target", "it-data-worker-standby")),
        "data-");
    String name = Api.uniqueSlug("standby");
    try (ServerProcess server = ServerProcess.start(dataDir, Map.of("tandem.workers.connected-within", "5s",
        "tandem.live.detection-enabled", "true"))) {
      Api api = server.api();
      URI url = URI.create("http://127.0.0.1:" + server.port());
      String first = api.post("/api/v1/workers", Map.of("name", name + "-a")).json().path("credential").asString();
      String second = api.post("/api/v1/workers", Map.of("name", name + "-b")).json().path("credential").asString();
      assertThat(api.post("/api/v1/targets", Map.of("slug", name, "connection", Map.of("worker", name + "-a",
          "standbys", List.of(name + "-a")))).json().path("code").asString()).isEqualTo("validation-failed");
      assertThat(api.post("/api/v1/targets", Map.of("slug", name, "connection", Map.of("worker", name + "-a",
          "standbys", List.of("unregistered")))).json().path("detail").asString()).contains("'unregistered'");
      Api.Response target = api.post("/api/v1/targets", Map.of("slug", name, "connection",
          Map.of("worker", name + "-a", "standbys", List.of(name + "-b"))));
      assertThat(target.status()).as(target.body()).isEqualTo(201);
      assertThat(target.json().path("server").asString()).isEqualTo("worker://" + name + "-a," + name + "-b");
      Grants.everySpace(api, name);
      String unit = unit(api, name, name);
      assertThat(api.patch(unit, Map.of("driftMode", "Capture")).status()).isEqualTo(200);
      try (WorkerProcess standby = WorkerProcess.start(url, name + "-b", second, sandbox.kubeconfig())) {
        try (WorkerProcess worker = WorkerProcess.start(url, name + "-a", first, sandbox.kubeconfig())) {
          awaitConnected(api, name + "-a", Instant.EPOCH, worker);
          awaitConnected(api, name + "-b", Instant.EPOCH, standby);
          assertThat(ObjectOwnershipOnKubeApiServerIT.post(api, unit + "/apply?wait=60").path("result").asString())
              .isEqualTo("ApplyCompleted");
          worker.kill();
        }
        Kubectl.succeed(Map.of(), "scale", "deployment/paymentservice", "--replicas=4", "-n", name);

        awaitHead(api, unit, 2, "the scale made after the worker was killed, captured through the standby", standby);
        assertThat(api.get(unit + "/data").body()).contains("replicas: 4");
        api.putYaml(unit + "/data", api.get(unit + "/data").body().replace("memory: 128Mi", "memory: 256Mi"));
        JsonNode applied = ObjectOwnershipOnKubeApiServerIT.post(api, unit + "/apply?wait=60");
        assertThat(applied.path("result").asString()).as(applied + "\n" + standby.log()).isEqualTo("ApplyCompleted");
        assertThat(api.get("/api/v1/workers/" + name + "-a").json().path("connected").asBoolean()).isFalse();
      }
    }
  }

  private URI server() {
    return URI.create("http://127.0.0.1:" + port);
  }

  /** A new worker with a target of its own name that every space may use; its credential. */
  static String workerWithTarget(Api api, String name) {
    Api.Response registered = api.post("/api/v1/workers", Map.of("name", name));
    assertThat(registered.status()).as(registered.body()).isEqualTo(201);
    assertThat(api.post("/api/v1/targets", Map.of("slug", name, "connection", Map.of("worker", name))).status())
        .isEqualTo(201);
    Grants.everySpace(api, name);
    return registered.json().path("credential").asString();
  }

  /** The payment service with a Namespace of the space's name, in a new space, on {@code target}; its path. */
  static String unit(Api api, String space, String target) {
    String data = "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: " + space + "\n---\n" + Fixtures.paymentService()
        .replace("  name: paymentservice\n", "  name: paymentservice\n  namespace: " + space + "\n");
    api.post("/api/v1/spaces", Map.of("slug", space));
    assertThat(api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "paymentservice", "data", data,
        "target", target)).status()).isEqualTo(201);
    return "/api/v1/spaces/" + space + "/units/paymentservice";
  }

  static void awaitConnected(Api api, String name, Instant after, WorkerProcess worker) {
    await("worker '" + name + "' is connected").atMost(Duration.ofSeconds(90)).until(() -> {
      assertThat(worker.alive()).as(worker.log()).isTrue();
      JsonNode view = api.get("/api/v1/workers/" + name).json();
      return view.path("connected").asBoolean() && Instant.parse(view.path("lastSeenAt").asString()).isAfter(after);
    });
  }

  private static void awaitHead(Api api, String unit, int revision, String what, WorkerProcess worker) {
    await(what).atMost(Duration.ofSeconds(60)).until(() -> {
      assertThat(worker.alive()).as(worker.log()).isTrue();
      return api.get(unit).json().path("headRevisionNum").asInt() == revision;
    });
  }

  /** An API server that takes connections and never answers: a call to it runs until its worker gives up or dies. */
  private static final class Silent implements AutoCloseable {

    private final ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    private final List<Socket> held = new CopyOnWriteArrayList<>();

    Silent() throws IOException {
      Thread accepting = new Thread(() -> {
        while (!socket.isClosed()) {
          try {
            held.add(socket.accept());
          } catch (IOException closed) {
            return;
          }
        }
      }, "silent-api-server");
      accepting.setDaemon(true);
      accepting.start();
    }

    String kubeconfig() {
      return "apiVersion: v1\nkind: Config\nclusters:\n- name: silent\n  cluster:\n    server: https://127.0.0.1:"
          + socket.getLocalPort() + "\n    insecure-skip-tls-verify: true\ncontexts:\n- name: sandbox\n  context:\n"
          + "    cluster: silent\n    user: nobody\ncurrent-context: sandbox\nusers:\n- name: nobody\n  user:\n"
          + "    token: not-a-token\n";
    }

    @Override
    public void close() throws IOException {
      socket.close();
      for (Socket connection : held) {
        connection.close();
      }
    }
  }
}
