package io.tandem.unit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.Grants;
import io.tandem.support.OutOfBand;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A space in Continuous mode: the server applies each new head revision itself, retries a failed apply with growing
 * delays, and does nothing automatic while suspended. Run on both engines ({@link ContinuousApplyIT}, {@link
 * ContinuousApplyOnKubeApiServerIT}); the test settings retry after 1s, 2s, 4s (less up to a fifth) and look every
 * 200ms.
 */
abstract class ContinuousApplyScenarios {

  /** Several passes of the loop, and more than the longest retry delay of the test settings. */
  static final Duration QUIET = Duration.ofSeconds(5);

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;
  Api api;
  OutOfBand tool;
  String space;
  String spacePath;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    tool = OutOfBand.asATool(sandbox);
    space = Api.uniqueSlug("continuous");
    spacePath = "/api/v1/spaces/" + space;
    tool.namespace(space);
    api.post("/api/v1/spaces", Map.of("slug", space));
    Api.Response patched = api.patch(spacePath, Map.of("applyMode", "Continuous"));
    assertThat(patched.json().path("applyMode").asString()).as(patched.toString()).isEqualTo("Continuous");
  }

  @AfterEach
  void tearDown() {
    tool.close();
  }

  String data(String name, String namespace, String memory) {
    return Fixtures.paymentService().replace("name: paymentservice\n", "name: " + name + "\n  namespace: " + namespace + "\n")
        .replace("memory: 128Mi", "memory: " + memory);
  }

  /** Creates the unit on {@code target}; nobody applies it. */
  String unit(String slug, String target, String data) {
    Api.Response created = api.post(spacePath + "/units", Map.of("slug", slug, "data", data, "target", target));
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
    return spacePath + "/units/" + slug;
  }

  JsonNode get(String unit) {
    return api.get(unit).json();
  }

  void newRevision(String unit, String data) {
    Api.Response patched = api.patch(unit, Map.of("data", data));
    assertThat(patched.status()).as(patched.toString()).isEqualTo(200);
  }

  /** The unit's apply actions, newest first. */
  List<JsonNode> applies(String unit) {
    List<JsonNode> applies = new ArrayList<>();
    api.get(unit + "/actions?limit=100").json().path("items").forEach(action -> {
      if (action.path("action").asString().equals("Apply")) {
        applies.add(action);
      }
    });
    return applies;
  }

  String memoryOnTheCluster(String namespace, String name) {
    var deployment = tool.client().apps().deployments().inNamespace(namespace).withName(name).get();
    return deployment == null ? null
        : deployment.getSpec().getTemplate().getSpec().getContainers().get(0).getResources().getLimits().get("memory").toString();
  }

  static void eventually(BooleanSupplier condition, String what) {
    await(what).atMost(Duration.ofSeconds(60)).until(condition::getAsBoolean);
  }

  @Test
  void aNewRevisionReachesTheClusterWithoutAnApplyCall() {
    String unit = unit("payment", "sandbox", data("payment", space, "128Mi"));
    eventually(() -> get(unit).path("liveRevisionNum").asInt() == 1, "the first revision applied by the server");
    assertThat(memoryOnTheCluster(space, "payment")).isEqualTo("128Mi");

    newRevision(unit, data("payment", space, "256Mi"));

    eventually(() -> get(unit).path("liveRevisionNum").asInt() == 2, "the new head applied by the server");
    assertThat(memoryOnTheCluster(space, "payment")).isEqualTo("256Mi");
    List<JsonNode> applies = applies(unit);
    assertThat(applies).extracting(apply -> apply.path("revisionNum").asInt()).containsExactly(2, 1);
    assertThat(applies).allSatisfy(apply -> {
      assertThat(apply.path("requestedBy").asString()).isEqualTo("tandem");
      assertThat(apply.path("result").asString()).isEqualTo("ApplyCompleted");
    });
    JsonNode status = get(unit);
    assertThat(status.path("attempts").asInt()).isZero();
    assertThat(status.path("nextAttemptAt").isNull()).isTrue();
    assertThat(status.path("applyMode").isNull()).as("its own; the space's acts").isTrue();
  }

  @Test
  void aFailedApplyIsRetriedWithGrowingDelaysAndSucceedsOnceTheTargetIsBack() {
    String down = Api.uniqueSlug("down");
    String unreachable = sandbox.kubeconfig().replaceAll("server: (https?)://\\S+", "server: $1://127.0.0.1:1");
    assertThat(api.post("/api/v1/targets", Map.of("slug", down, "kubeconfig", unreachable)).status()).isEqualTo(201);
    Grants.everySpace(api, down);
    String unit = unit("payment", down, data("payment", space, "128Mi"));

    List<Instant> nextAttempts = new ArrayList<>();
    eventually(() -> {
      JsonNode status = get(unit);
      if (!status.path("nextAttemptAt").isNull()) {
        Instant next = Instant.parse(status.path("nextAttemptAt").asString());
        if (nextAttempts.isEmpty() || !nextAttempts.get(nextAttempts.size() - 1).equals(next)) {
          nextAttempts.add(next);
        }
      }
      return status.path("attempts").asInt() >= 3 && nextAttempts.size() >= 3;
    }, "three failed attempts");

    assertThat(nextAttempts).isSorted();
    List<JsonNode> failed = new ArrayList<>(applies(unit));
    Collections.reverse(failed);
    assertThat(failed).hasSizeGreaterThanOrEqualTo(3);
    assertThat(failed.subList(0, 3)).allSatisfy(apply -> {
      assertThat(apply.path("result").asString()).isEqualTo("ApplyFailed");
      assertThat(apply.path("revisionNum").asInt()).isEqualTo(1);
      assertThat(apply.path("requestedBy").asString()).isEqualTo("tandem");
    });
    Duration first = between(failed.get(0), failed.get(1));
    Duration second = between(failed.get(1), failed.get(2));
    assertThat(second).as("the delay grows: %s, then %s", first, second).isGreaterThan(first);
    assertThat(first).isGreaterThanOrEqualTo(Duration.ofMillis(800)); // the base, less at most a fifth
    assertThat(get(unit).path("liveRevisionNum").asInt()).isZero();

    // the cluster is back (the target points where it is)
    assertThat(api.patch("/api/v1/targets/" + down, Map.of("kubeconfig", sandbox.kubeconfig())).status()).isEqualTo(200);

    eventually(() -> get(unit).path("liveRevisionNum").asInt() == 1, "applied once the target is back");
    assertThat(memoryOnTheCluster(space, "payment")).isEqualTo("128Mi");
    eventually(() -> get(unit).path("attempts").asInt() == 0, "the attempts reset by the success");
    assertThat(get(unit).path("nextAttemptAt").isNull()).isTrue();
  }

  static Duration between(JsonNode earlier, JsonNode later) {
    return Duration.between(Instant.parse(earlier.path("createdAt").asString()), Instant.parse(later.path("createdAt").asString()));
  }

  @Test
  void suspendStopsEverythingAutomaticAndResumePicksUpTheHead() throws InterruptedException {
    String unit = unit("payment", "sandbox", data("payment", space, "128Mi"));
    eventually(() -> get(unit).path("liveRevisionNum").asInt() == 1, "the first revision applied by the server");
    api.post(unit + "/suspend", Map.of("reason", "incident 12"));

    newRevision(unit, data("payment", space, "256Mi"));
    Thread.sleep(QUIET.toMillis());

    assertThat(get(unit).path("liveRevisionNum").asInt()).isEqualTo(1);
    assertThat(applies(unit)).hasSize(1);
    assertThat(memoryOnTheCluster(space, "payment")).isEqualTo("128Mi");

    api.post(unit + "/resume", null);
    eventually(() -> get(unit).path("liveRevisionNum").asInt() == 2, "the head applied once resumed");
    assertThat(memoryOnTheCluster(space, "payment")).isEqualTo("256Mi");

    // the same for the whole space
    api.post(spacePath + "/suspend", Map.of("reason", "freeze"));
    newRevision(unit, data("payment", space, "384Mi"));
    Thread.sleep(QUIET.toMillis());
    assertThat(get(unit).path("liveRevisionNum").asInt()).isEqualTo(2);
    api.post(spacePath + "/resume", null);
    eventually(() -> get(unit).path("liveRevisionNum").asInt() == 3, "the head applied once the space resumed");
    assertThat(memoryOnTheCluster(space, "payment")).isEqualTo("384Mi");
    assertThat(applies(unit)).extracting(apply -> apply.path("revisionNum").asInt()).containsExactly(3, 2, 1);
  }

  @Test
  void suspendStopsTheRetriesToo() throws InterruptedException {
    String down = Api.uniqueSlug("down");
    String unreachable = sandbox.kubeconfig().replaceAll("server: (https?)://\\S+", "server: $1://127.0.0.1:1");
    api.post("/api/v1/targets", Map.of("slug", down, "kubeconfig", unreachable));
    Grants.everySpace(api, down);
    String unit = unit("payment", down, data("payment", space, "128Mi"));
    eventually(() -> get(unit).path("attempts").asInt() >= 1 && !get(unit).path("nextAttemptAt").isNull(), "a failure");

    api.post(unit + "/suspend", Map.of("reason", "stop hammering it"));
    Thread.sleep(500); // an attempt that was queued just before ends (canceled)
    int applies = applies(unit).size();
    Thread.sleep(QUIET.toMillis());

    assertThat(applies(unit)).hasSize(applies);
  }

  @Test
  void aUnitsApplyModeOverridesItsSpaces() {
    String other = Api.uniqueSlug("ondemand");
    api.post("/api/v1/spaces", Map.of("slug", other));
    Api.Response created = api.post("/api/v1/spaces/" + other + "/units",
        Map.of("slug", "payment", "data", data("payment", space, "128Mi"), "target", "sandbox"));
    assertThat(created.status()).isEqualTo(201);
    String unit = "/api/v1/spaces/" + other + "/units/payment";

    Api.Response patched = api.patch(unit, Map.of("applyMode", "Continuous"));

    assertThat(patched.json().path("applyMode").asString()).isEqualTo("Continuous");
    assertThat(patched.json().path("version").asLong()).as("no change of the unit").isEqualTo(1);
    eventually(() -> get(unit).path("liveRevisionNum").asInt() == 1, "applied by the server");
    assertThat(api.get("/api/v1/spaces/" + other + "/units?where=ApplyMode%20%3D%20'Continuous'").items()).hasSize(1);
  }
}
