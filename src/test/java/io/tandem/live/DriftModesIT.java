package io.tandem.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.TandemIT;
import io.tandem.worker.ActionQueue;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/** Background drift detection acts by each unit's drift mode. */
@TandemIT
class DriftModesIT {

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;
  @Autowired ActionQueue queue;
  Api api;
  KubernetesClient kubectl;
  String space;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    kubectl = sandbox.client();
    space = Api.uniqueSlug("modes");
    api.post("/api/v1/spaces", Map.of("slug", space));
  }

  @AfterEach
  void tearDown() {
    kubectl.close();
  }

  String unit(String slug, String mode) {
    String data = Fixtures.paymentService().replace("name: paymentservice\n", "name: " + slug + "\n  namespace: " + space + "\n");
    api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", slug, "data", data, "target", "sandbox", "driftMode", mode));
    String path = "/api/v1/spaces/" + space + "/units/" + slug;
    assertThat(api.post(path + "/apply?wait=30", null).json().path("result").asString()).isEqualTo("ApplyCompleted");
    return path;
  }

  void changeMemoryOnTheCluster(String name, String memory) {
    kubectl.apps().deployments().inNamespace(space).withName(name).edit(deployment -> {
      deployment.getSpec().getTemplate().getSpec().getContainers().get(0).getResources().getLimits().put("memory", new Quantity(memory));
      return deployment;
    });
  }

  String memoryOnTheCluster(String name) {
    return kubectl.apps().deployments().inNamespace(space).withName(name).get()
        .getSpec().getTemplate().getSpec().getContainers().get(0).getResources().getLimits().get("memory").toString();
  }

  static void eventually(BooleanSupplier condition, String what) {
    Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
    while (!condition.getAsBoolean()) {
      assertThat(Instant.now()).as(what).isBefore(deadline);
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
    }
  }

  @Test
  void captureModePullsTheChangeIntoTheConfiguration() {
    String unit = unit("captured", "Capture");
    changeMemoryOnTheCluster("captured", "300Mi");

    queue.enqueueBackgroundRefreshes(10_000);

    eventually(() -> api.get(unit).json().path("headRevisionNum").asInt() == 2, "a Refresh revision");
    assertThat(api.get(unit + "/data").body()).contains("memory: 300Mi");
    assertThat(api.get(unit + "/revisions/2").json().path("source").asString()).isEqualTo("Refresh");
  }

  @Test
  void reportModeOnlyShowsTheDriftAndKeepsTheBaseline() {
    String unit = unit("reported", "Report");
    changeMemoryOnTheCluster("reported", "300Mi");

    queue.enqueueBackgroundRefreshes(10_000);

    eventually(() -> api.get(unit).json().path("drift").asString().equals("Drifted"), "drift reported");
    assertThat(api.get(unit).json().path("headRevisionNum").asInt()).isEqualTo(1);
    assertThat(memoryOnTheCluster("reported")).isEqualTo("300Mi");
    // the baseline did not move: an explicit refresh still captures the whole change
    assertThat(api.post(unit + "/refresh?wait=30", null).json().path("capturedRevisionNum").asInt()).isEqualTo(2);
  }

  @Test
  void revertModeAppliesTheLiveRevisionAgain() {
    String unit = unit("reverted", "Revert");
    changeMemoryOnTheCluster("reverted", "300Mi");

    queue.enqueueBackgroundRefreshes(10_000);

    eventually(() -> memoryOnTheCluster("reverted").equals("128Mi"), "the change reverted on the cluster");
    assertThat(api.get(unit).json().path("headRevisionNum").asInt()).isEqualTo(1);
  }
}
