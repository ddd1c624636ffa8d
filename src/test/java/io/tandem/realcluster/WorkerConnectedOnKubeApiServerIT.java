package io.tandem.realcluster;

import static io.tandem.support.ProblemAssert.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.agent.WorkerAgent;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.Grants;
import io.tandem.support.RealCluster;
import io.tandem.support.TandemIT;
import io.tandem.targets.cluster.LocalClusters;
import io.tandem.targets.domain.TargetCredentials;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A target reached through a worker: the server holds only the worker's name, the worker (here a thread of the test,
 * speaking HTTP to the server as a process beside the cluster would) holds the cluster's credential. What runs through
 * it is in {@link ClusterPathsOnKubeApiServerIT}, with the direct path; here, what is the worker's own: without it
 * the target cannot be reached, and only its own credential, of its protocol, gets its calls.
 */
@TandemIT
@RealCluster
class WorkerConnectedOnKubeApiServerIT {

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;
  Api api;
  String space;
  String worker;
  String target;
  String credential;
  WorkerAgent agent;
  CompletableFuture<Void> running;

  @BeforeEach
  void setUp() {
    assertThat(sandbox.engine()).isEqualTo("kube-apiserver");
    api = new Api(port);
    space = Api.uniqueSlug("via-worker");
    worker = Api.uniqueSlug("east");
    target = Api.uniqueSlug("east");
    Api.Response registered = api.post("/api/v1/workers", Map.of("name", worker));
    assertThat(registered.status()).as(registered.body()).isEqualTo(201);
    credential = registered.json().path("credential").asString();
    Api.Response created = api.post("/api/v1/targets", Map.of("slug", target, "connection", Map.of("worker", worker)));
    assertThat(created.status()).as(created.body()).isEqualTo(201);
    assertThat(created.json().path("server").asString()).isEqualTo("worker://" + worker);
    Grants.everySpace(api, target);
    assertThat(api.post("/api/v1/spaces", Map.of("slug", space)).status()).isEqualTo(201);
  }

  @AfterEach
  void stopTheWorker() {
    if (agent != null) {
      agent.close();
      running.join();
    }
  }

  @Test
  void withoutItsWorkerConnectedTheTargetCannotBeReachedAndTheApplySaysWhy() {
    String unit = unit();

    JsonNode applied = ObjectOwnershipOnKubeApiServerIT.post(api, unit + "/apply?wait=60");

    assertThat(applied.path("result").asString()).isEqualTo("ApplyFailed");
    assertThat(applied.path("message").asString()).contains("worker '" + worker + "' is not connected");
    assertProblem(api.post(unit + "/apply/preview", null), 502, "target-unreachable", "not connected");
  }

  @Test
  void itsTargetIsReachableAsSoonAsTheWorkerConnectsNotAtTheNextHealthCheck() {
    assertThat(api.post("/api/v1/targets/" + target + "/check", null).json().path("reachable").asBoolean()).isFalse();

    startWorker();

    await("the target reachable, a health check (every minute) away at most").atMost(Duration.ofSeconds(10))
        .until(() -> api.get("/api/v1/targets/" + target).json().path("reachable").asBoolean());
    assertThat(api.get("/api/v1/targets/" + target).json().path("lastError").isNull()).isTrue();
  }

  @Test
  void aDeletedWorkersCredentialIsRefusedAndItStops() throws Exception {
    startWorker();
    await("the worker is connected").atMost(Duration.ofSeconds(10))
        .until(() -> api.get("/api/v1/workers/" + worker).json().path("connected").asBoolean());

    assertThat(api.delete("/api/v1/workers/" + worker).status()).isEqualTo(204);

    assertThat(running).as("the worker stops once the server refuses it").succeedsWithin(Duration.ofSeconds(40));
    assertProblem(new Api(port).get("/api/v1/workers/" + worker + "/calls?protocol=1",
        "Authorization", "Bearer " + credential), 401, "unauthorized", "");
  }

  @Test
  void anotherTokenCannotFetchTheWorkersCallsAndAnotherProtocolIsRefusedSayingSo() {
    String other = api.post("/api/v1/tokens", Map.of("subject", "not-the-worker")).json().path("secret").asString();

    assertProblem(api.get("/api/v1/workers/" + worker + "/calls?protocol=1", "Authorization", "Bearer " + other), 403,
        "forbidden", "Only worker");
    assertProblem(api.get("/api/v1/workers/" + worker + "/calls?protocol=99", "Authorization", "Bearer " + credential),
        409, "worker-incompatible", "speaks worker protocol 1");
  }

  private String unit() {
    String data = "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: " + space + "\n---\n" + Fixtures.paymentService()
        .replace("  name: paymentservice\n", "  name: paymentservice\n  namespace: " + space + "\n");
    assertThat(api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "paymentservice", "data", data,
        "target", target)).status()).isEqualTo(201);
    return "/api/v1/spaces/" + space + "/units/paymentservice";
  }

  /** The worker, with the only credential of the cluster that this target uses: the sandbox's kubeconfig. */
  private void startWorker() {
    TargetCredentials local = new TargetCredentials(sandbox.kubeconfig(), "sandbox", null, null, null, false);
    agent = new WorkerAgent(URI.create("http://127.0.0.1:" + port), worker, credential, "test", LocalClusters.client(),
        local, 2);
    running = CompletableFuture.runAsync(agent::run);
  }
}
