package io.tandem.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.agent.WorkerAgent;
import io.tandem.targets.cluster.LocalClusters;
import io.tandem.targets.domain.TargetCredentials;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * A worker agent in the test's JVM that serves the sandbox cluster: registered as a worker of its own and as a target
 * of the same name (which only it can reach, with the sandbox's kubeconfig), granted to every space, and connected
 * before {@link #start} returns. It asks what to watch every second.
 */
public final class SandboxWorker implements AutoCloseable {

  private final String target;
  private final WorkerAgent agent;
  private final CompletableFuture<Void> running;

  private SandboxWorker(String target, WorkerAgent agent) {
    this.target = target;
    this.agent = agent;
    this.running = CompletableFuture.runAsync(agent::run);
  }

  public static SandboxWorker start(int port, String kubeconfig, String name) {
    Api api = new Api(port);
    String credential = api.post("/api/v1/workers", Map.of("name", name)).json().path("credential").asString();
    assertThat(api.post("/api/v1/targets", Map.of("slug", name, "connection", Map.of("worker", name))).status())
        .isEqualTo(201);
    Grants.everySpace(api, name);
    SandboxWorker worker = new SandboxWorker(name, new WorkerAgent(URI.create("http://127.0.0.1:" + port), name,
        credential, "test", LocalClusters.client(), new TargetCredentials(kubeconfig, "sandbox", null, null, null, false),
        2, Duration.ofSeconds(1)));
    await("the worker is connected").atMost(Duration.ofSeconds(10))
        .until(() -> api.get("/api/v1/workers/" + name).json().path("connected").asBoolean());
    return worker;
  }

  /** The target reached through the worker (named as the worker). */
  public String target() {
    return target;
  }

  @Override
  public void close() {
    agent.close();
    running.join();
  }
}
