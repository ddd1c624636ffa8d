package io.tandem.apply;

import static io.tandem.support.ProblemAssert.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.client.KubernetesClient;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The destroy gate and the move of a live unit to another target, judged by what is on the cluster. Run on both
 * engines ({@link DestroyGateIT}, {@link DestroyGateOnKubeApiServerIT}). The unit's objects name no namespace, so they
 * land in the namespace of the target they are applied to; the second target is the same API server with another
 * namespace.
 */
abstract class DestroyGateScenarios {

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;
  Api api;
  OutOfBand tool;
  KubernetesClient cluster;
  String space;
  String units;
  /** The two targets, each named as its namespace: {@code first} holds the unit, {@code second} is where it moves. */
  String first;
  String second;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    tool = OutOfBand.asATool(sandbox);
    cluster = tool.client();
    space = Api.uniqueSlug("gate");
    units = "/api/v1/spaces/" + space + "/units";
    first = space + "-a";
    second = space + "-b";
    tool.namespace(first);
    tool.namespace(second);
    api.post("/api/v1/spaces", Map.of("slug", space));
    String kubeconfig = api.get("/api/v1/targets/sandbox/kubeconfig").body();
    for (String target : List.of(first, second)) {
      Api.Response created = api.post("/api/v1/targets",
          Map.of("slug", target, "kubeconfig", kubeconfig, "context", "sandbox", "namespace", target));
      assertThat(created.status()).as(created.toString()).isEqualTo(201);
      Grants.everySpace(api, target);
    }
  }

  /** The targets go, so that the server does not keep checking them for the rest of the run. */
  @AfterEach
  void tearDown() {
    api.delete("/api/v1/spaces/" + space + "?recursive=true&confirm=" + space);
    api.delete("/api/v1/targets/" + first);
    api.delete("/api/v1/targets/" + second);
    tool.close();
  }

  /** A unit on the first target, applied: a Deployment and a Service in its namespace. */
  String applied(String slug) {
    assertThat(api.post(units, Map.of("slug", slug, "data", Fixtures.paymentService(), "target", first)).status())
        .isEqualTo(201);
    JsonNode applied = finished(units + "/" + slug + "/apply");
    assertThat(applied.path("result").asString()).as(applied.toString()).isEqualTo("ApplyCompleted");
    return units + "/" + slug;
  }

  JsonNode finished(String path) {
    Api.Response response = api.post(path + (path.contains("?") ? "&" : "?") + "wait=60", null);
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    return response.json();
  }

  boolean onTheCluster(String namespace) {
    return cluster.apps().deployments().inNamespace(namespace).withName("paymentservice").get() != null
        || cluster.services().inNamespace(namespace).withName("paymentservice").get() != null;
  }

  /** The applies and destroys queued for the unit, newest first; refreshes, which watches queue, are left out. */
  List<String> actions(String unit) {
    List<String> actions = new ArrayList<>();
    api.get(unit + "/actions").json().path("items").forEach(action -> actions.add(action.path("action").asString()));
    actions.removeIf(action -> action.equals("Refresh"));
    return actions;
  }

  /** The unit's applies and destroys, newest first, as {@link #actions} but whole. */
  List<JsonNode> appliesAndDestroys(String unit) {
    List<JsonNode> actions = new ArrayList<>();
    api.get(unit + "/actions").json().path("items").forEach(action -> {
      if (!action.path("action").asString().equals("Refresh")) {
        actions.add(action);
      }
    });
    return actions;
  }

  @Test
  void aDestroyWithoutConfirmationIsRefusedNamingTheObjectsAndRemovesNothing() {
    String unit = applied("payment");

    Api.Response refused = api.post(unit + "/destroy?wait=30", null);

    assertProblem(refused, 409, "confirmation-required", "confirm=payment");
    assertThat(refused.json().path("detail").asString())
        .contains("deletes 2 object(s) from target '" + space + "-a'", "apps/Deployment " + first + "/paymentservice",
            "Service " + first + "/paymentservice");
    assertThat(refused.json().path("objects").toString()).contains("apps/Deployment " + first + "/paymentservice");
    assertProblem(api.post(unit + "/destroy?confirm=other", null), 409, "confirmation-required", "confirm was 'other'");
    assertThat(actions(unit)).containsExactly("Apply");
    assertThat(onTheCluster(first)).isTrue();
    assertThat(cluster.apps().deployments().inNamespace(first).withName("paymentservice").get()).isNotNull();
    assertThat(cluster.services().inNamespace(first).withName("paymentservice").get()).isNotNull();

    JsonNode destroyed = finished(unit + "/destroy?confirm=payment");

    assertThat(destroyed.path("result").asString()).as(destroyed.toString()).isEqualTo("DestroyCompleted");
    assertThat(onTheCluster(first)).isFalse();
  }

  @Test
  void aBulkDestroyWithoutConfirmationAndTheCountRemovesNothing() {
    applied("payment");
    String actions = "/api/v1/spaces/" + space + "/actions";

    assertProblem(api.post(actions, Map.of("action", "destroy")), 409, "confirmation-required", "\"count\": 1");
    assertProblem(api.post(actions, Map.of("action", "destroy", "confirm", true, "count", 2)), 409,
        "confirmation-required", "says count 2, but it selects 1");
    assertThat(onTheCluster(first)).isTrue();

    Api.Response destroyed = api.post(actions, Map.of("action", "destroy", "confirm", true, "count", 1));

    assertThat(destroyed.status()).as(destroyed.toString()).isEqualTo(200);
    await("the objects deleted").atMost(Duration.ofSeconds(30)).until(() -> !onTheCluster(first));
  }

  @Test
  void aChangeOfTargetOfALiveUnitIsRefusedAndChangesNothing() {
    String unit = applied("payment");

    Api.Response refused = api.patch(unit, Map.of("target", second));

    assertProblem(refused, 409, "unit-is-live", "moveObjects=true");
    assertThat(refused.json().path("objects").size()).isEqualTo(2);
    JsonNode after = api.get(unit).json();
    assertThat(after.path("target").asString()).isEqualTo(first);
    assertThat(after.path("version").asLong()).isEqualTo(1);
    assertProblem(api.patch(unit, Collections.singletonMap("target", null)), 409, "unit-is-live", "Destroy it first");
    assertThat(actions(unit)).containsExactly("Apply");
    assertThat(onTheCluster(first)).isTrue();
  }

  @Test
  void movingALiveUnitDestroysItsObjectsOnTheOldTargetThenAppliesThemOnTheNewAndLeavesNothingBehind() {
    String unit = applied("payment");

    Api.Response moved = api.patch(unit + "?moveObjects=true&confirm=payment", Map.of("target", second));

    assertThat(moved.status()).as(moved.toString()).isEqualTo(200);
    assertThat(moved.json().path("target").asString()).isEqualTo(second);
    // a watch may queue refreshes of the unit on the way; the applies and the destroy are what the move is
    List<JsonNode> done = await("the move done").atMost(Duration.ofSeconds(60)).until(() -> appliesAndDestroys(unit),
        actions -> actions.size() == 3
            && actions.stream().allMatch(action -> action.path("status").asString().equals("Completed")));
    assertThat(done).extracting(action -> action.path("action").asString() + " " + action.path("result").asString())
        .containsExactly("Apply ApplyCompleted", "Destroy DestroyCompleted", "Apply ApplyCompleted");
    assertThat(Instant.parse(done.get(0).path("startedAt").asString()))
        .as("the apply on the new target starts once the destroy on the old has finished")
        .isAfterOrEqualTo(Instant.parse(done.get(1).path("finishedAt").asString()));
    assertThat(done.get(1).path("message").asString()).contains("from target '" + space + "-a'");
    assertThat(onTheCluster(first)).as("nothing left on the first target").isFalse();
    assertThat(cluster.apps().deployments().inNamespace(second).withName("paymentservice").get()).isNotNull();
    assertThat(cluster.services().inNamespace(second).withName("paymentservice").get()).isNotNull();
    JsonNode after = api.get(unit).json();
    assertThat(after.path("liveRevisionNum").asInt()).isEqualTo(1);
    // the objects are the unit's on the new target: a destroy there needs confirmation, and removes them
    assertProblem(api.post(unit + "/destroy", null), 409, "confirmation-required", "from target '" + second + "'");
    finished(unit + "/destroy?confirm=payment");
    assertThat(onTheCluster(second)).isFalse();
  }
}
