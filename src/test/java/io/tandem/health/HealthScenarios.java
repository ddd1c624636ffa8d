package io.tandem.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.portal.domain.Event;
import io.tandem.portal.domain.EventStore;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.OutOfBand;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Health kept current by the watches, without any refresh, on both engines ({@link HealthIT}, {@link
 * HealthOnKubeApiServerIT}): what needs no controller (a ConfigMap, a Service) behaves the same on each.
 */
abstract class HealthScenarios {

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;
  @Autowired EventStore events;

  Api api;
  String space;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = Api.uniqueSlug("health");
    api.post("/api/v1/spaces", Map.of("slug", space));
    try (OutOfBand tool = OutOfBand.asATool(sandbox)) {
      tool.namespace(space);
    }
  }

  String unit(String slug, String data) {
    api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", slug, "data", data, "target", "sandbox"));
    return "/api/v1/spaces/" + space + "/units/" + slug;
  }

  String configAndService(String name) {
    return """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: %1$s
          namespace: %2$s
        data:
          level: info
        ---
        apiVersion: v1
        kind: Service
        metadata:
          name: %1$s
          namespace: %2$s
        spec:
          selector:
            app: %1$s
          ports:
          - port: 80
        """.formatted(name, space);
  }

  String deployment(String name, String image, int progressDeadlineSeconds) {
    return """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: %1$s
          namespace: %2$s
        spec:
          replicas: 2
          progressDeadlineSeconds: %4$d
          selector:
            matchLabels: {app: %1$s}
          template:
            metadata:
              labels: {app: %1$s}
            spec:
              containers:
              - name: server
                image: %3$s
        """.formatted(name, space, image, progressDeadlineSeconds);
  }

  /** The action once it has finished (within 90 s). */
  JsonNode finished(String id) throws InterruptedException {
    return await("action " + id + " finished").atMost(Duration.ofSeconds(90))
        .until(() -> api.get("/api/v1/actions/" + id).json(),
            action -> List.of("Completed", "Failed", "Canceled").contains(action.path("status").asString()));
  }

  JsonNode healthWithin(String unit, Duration within, Predicate<JsonNode> wanted) throws InterruptedException {
    return await("health as wanted within " + within).atMost(within)
        .until(() -> api.get(unit).json().path("health"), wanted::test);
  }

  static Predicate<JsonNode> status(String status) {
    return health -> health.path("status").asString("").equals(status);
  }

  /** The UnitHealthChanged events of the unit, oldest first. */
  List<String> healthChanges(String slug) {
    return events.after(0, 100_000).stream()
        .filter(event -> event.type().equals("UnitHealthChanged") && space.equals(event.space()) && slug.equals(event.unit()))
        .map(Event::payload)
        .map(payload -> String.valueOf(payload.get("health")))
        .toList();
  }

  @Test
  void anAppliedUnitIsHealthyAndAnObjectDeletedOutOfBandMakesItMissingWithoutARefresh() throws Exception {
    String unit = unit("settings", configAndService("settings"));
    JsonNode applied = api.post(unit + "/apply?wait=30", null).json();
    assertThat(applied.path("result").asString()).isEqualTo("ApplyCompleted");
    healthWithin(unit, Duration.ofSeconds(10), status("Healthy"));
    JsonNode live = api.get(unit + "/live").json();
    assertThat(live.path("resources").findValuesAsString("status")).containsOnly("Current");

    try (OutOfBand tool = OutOfBand.asATool(sandbox)) {
      tool.client().configMaps().inNamespace(space).withName("settings").delete();
    }

    JsonNode health = healthWithin(unit, Duration.ofSeconds(10), status("Missing"));
    assertThat(health.path("reason").asString()).isEqualTo("ConfigMap " + space + "/settings: NotFound");
    assertThat(api.get("/api/v1/spaces/" + space + "/units?where=Health%20%3D%20'Missing'").items())
        .extracting(item -> item.path("slug").asString()).containsExactly("settings");
    assertThat(api.get("/api/v1/spaces/" + space + "/summary").json().path("health").path("Missing").asLong()).isEqualTo(1);
    assertThat(api.get(unit + "/actions").items()).filteredOn(item -> item.path("action").asString().equals("Refresh"))
        .as("nobody asked for a refresh (the watch queues its own, for drift)")
        .allSatisfy(item -> assertThat(item.path("requestedBy").asString()).isEqualTo("tandem"));
    assertThat(healthChanges("settings")).endsWith("Healthy", "Missing");
  }

  @Test
  void anApplyThatWaitsForHealthCompletesOnceTheObjectsAreCurrent() {
    String unit = unit("waited", configAndService("waited"));

    JsonNode action = api.post(unit + "/apply?waitFor=healthy&timeout=30s&wait=60", null).json();

    assertThat(action.path("result").asString()).isEqualTo("ApplyCompleted");
    assertThat(action.path("message").asString()).contains("Healthy: All 2 objects are current.")
        .doesNotContain("Waiting up to"); // the wait is over: the message says what the apply did, then the outcome
  }

  @Test
  void aWaitThatIsNotHealthOrATimeoutThatIsNotADurationIsRefusedAndQueuesNothing() {
    String unit = unit("refused", configAndService("refused"));

    assertThat(api.post(unit + "/apply?waitFor=ready", null).code()).isEqualTo("invalid-argument");
    assertThat(api.post(unit + "/apply?waitFor=healthy&timeout=2d", null).code()).isEqualTo("invalid-argument");
    assertThat(api.post(unit + "/apply?timeout=5m", null).code()).isEqualTo("invalid-argument");
    assertThat(api.get(unit + "/actions").items()).isEmpty();
  }
}
