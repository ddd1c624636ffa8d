package io.tandem.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.TandemIT;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * {@link HealthScenarios} on the in-process mock API server, with watches on (the context of {@code WatchIT}). The
 * mock runs no controllers, so a Deployment never gets a status: it stays Progressing.
 */
@TandemIT
@TestPropertySource(properties = {"tandem.live.watch-enabled=true", "tandem.data-dir=target/it-data-watch"})
class HealthIT extends HealthScenarios {

  /** A Deployment the mock never makes healthy: no controller gives it a status. */
  String stuckDeployment(String name) {
    return deployment(name, name + ":1", 600);
  }

  @Test
  void anApplyWhoseDeploymentIsNotHealthyInTimeEndsApplyWaitFailedWithTheReason() {
    String unit = unit("stuck", stuckDeployment("stuck"));

    JsonNode action = api.post(unit + "/apply?waitFor=healthy&timeout=2s&wait=30", null).json();

    assertThat(action.path("status").asString()).isEqualTo("Failed");
    assertThat(action.path("result").asString()).isEqualTo("ApplyWaitFailed");
    assertThat(action.path("message").asString())
        .contains("Not healthy after 2s: Progressing, Deployment " + space + "/stuck: Replicas: 0/2.");
    assertThat(api.get(unit).json().path("liveRevisionNum").asInt()).as("the apply itself succeeded").isEqualTo(1);
  }

  @Test
  void theSpacesDefaultMakesAPlainApplyWaitAndWaitForNoneTurnsItOff() {
    JsonNode patched = api.patch("/api/v1/spaces/" + space, Map.of("applyWaitFor", "healthy", "applyWaitTimeout", "2s"))
        .json();
    assertThat(patched.path("applyWaitFor").asString()).isEqualTo("healthy");
    assertThat(patched.path("applyWaitTimeout").asString()).isEqualTo("2s");
    String unit = unit("defaulted", stuckDeployment("defaulted"));

    JsonNode waited = api.post(unit + "/apply?wait=30", null).json();
    JsonNode notWaited = api.post(unit + "/apply?waitFor=none&wait=30", null).json();

    assertThat(waited.path("result").asString()).isEqualTo("ApplyWaitFailed");
    assertThat(waited.path("message").asString()).contains("Not healthy after 2s");
    assertThat(notWaited.path("result").asString()).isEqualTo("ApplyCompleted");
    assertThat(notWaited.path("message").asString()).doesNotContain("Healthy", "Waiting");
  }

  @Test
  void aSpaceCreatedWithAWaitKeepsItsTimeoutUntilTheWaitIsTurnedOff() {
    String other = space + "-w";
    JsonNode created = api.post("/api/v1/spaces", Map.of("slug", other, "applyWaitFor", "healthy")).json();
    assertThat(created.path("applyWaitTimeout").asString()).isEqualTo("5m");

    JsonNode longer = api.patch("/api/v1/spaces/" + other, Map.of("applyWaitTimeout", "PT10M")).json();
    JsonNode relabelled = api.patch("/api/v1/spaces/" + other, Map.of("labels", Map.of("tier", "web"))).json();
    JsonNode off = api.patch("/api/v1/spaces/" + other, "{\"applyWaitFor\": null}").json();

    assertThat(longer.path("applyWaitTimeout").asString()).isEqualTo("10m");
    assertThat(relabelled.path("applyWaitTimeout").asString()).isEqualTo("10m");
    assertThat(off.path("applyWaitFor").isNull()).isTrue();
    assertThat(off.path("applyWaitTimeout").isNull()).isTrue();
  }

  @Test
  void aBadSpaceWaitIsRefusedAndChangesNothing() {
    String path = "/api/v1/spaces/" + space;
    api.patch(path, Map.of("applyWaitFor", "healthy", "applyWaitTimeout", "30s"));

    assertThat(api.patch(path, Map.of("applyWaitFor", "ready")).code()).isEqualTo("invalid-argument");
    assertThat(api.patch(path, Map.of("applyWaitTimeout", "2d")).code()).isEqualTo("invalid-argument");
    assertThat(api.patch(path, Map.of("applyWaitFor", "none", "applyWaitTimeout", "1m")).code())
        .isEqualTo("invalid-argument");
    assertThat(api.post("/api/v1/spaces", Map.of("slug", space + "-bad", "applyWaitTimeout", "1m")).code())
        .isEqualTo("invalid-argument");
    assertThat(api.post(path + "/units/none/apply?waitFor=none&timeout=1m", null).code()).isEqualTo("invalid-argument");

    JsonNode unchanged = api.get(path).json();
    assertThat(unchanged.path("applyWaitFor").asString()).isEqualTo("healthy");
    assertThat(unchanged.path("applyWaitTimeout").asString()).isEqualTo("30s");
    assertThat(api.get(path + "-bad").status()).isEqualTo(404);
  }

  @Test
  void aProviderWhoseWaitFailsBlocksTheApplyOfItsDependent() throws InterruptedException {
    String provider = unit("backend", stuckDeployment("backend"));
    String dependent = unit("frontend", configAndService("frontend"));
    assertThat(api.post(dependent + "/links", Map.of("to", "backend")).status()).isEqualTo(201);

    JsonNode results = api.post("/api/v1/spaces/" + space + "/actions",
        Map.of("action", "apply", "units", List.of("frontend", "backend"), "waitFor", "healthy", "timeout", "2s")).json();

    assertThat(units(results)).containsExactly("backend", "frontend");
    JsonNode providerAction = finished(results.path("results").get(0).path("action").path("id").asString());
    JsonNode dependentAction = finished(results.path("results").get(1).path("action").path("id").asString());
    assertThat(providerAction.path("result").asString()).isEqualTo("ApplyWaitFailed");
    assertThat(dependentAction.path("status").asString()).isEqualTo("Failed");
    assertThat(dependentAction.path("result").asString()).isEqualTo("ApplyFailed");
    assertThat(dependentAction.path("message").asString())
        .isEqualTo("Not applied: the apply of " + space + "/backend (ApplyWaitFailed), which this unit links to, did not complete.");
    assertThat(Instant.parse(dependentAction.path("startedAt").asString()))
        .isAfterOrEqualTo(Instant.parse(providerAction.path("finishedAt").asString()));
    assertThat(api.get(dependent).json().path("liveRevisionNum").asInt()).isZero();
    assertThat(api.get(provider).json().path("liveRevisionNum").asInt()).isEqualTo(1);
  }

  @Test
  void aTagApplyWaitsForItsProvidersHealth() throws InterruptedException {
    unit("db", configAndService("db"));
    String dependent = unit("web", configAndService("web"));
    api.post(dependent + "/links", Map.of("to", "db"));
    api.post("/api/v1/spaces/" + space + "/tags", Map.of("slug", "release-1"));

    JsonNode results = api.post("/api/v1/spaces/" + space + "/tags/release-1/apply?waitFor=healthy&timeout=30s", null)
        .json();

    assertThat(units(results)).containsExactly("db", "web");
    JsonNode providerAction = finished(results.path("results").get(0).path("action").path("id").asString());
    JsonNode dependentAction = finished(results.path("results").get(1).path("action").path("id").asString());
    assertThat(providerAction.path("message").asString()).contains("Healthy: All 2 objects are current.");
    assertThat(dependentAction.path("message").asString()).contains("Healthy: All 2 objects are current.");
    assertThat(Instant.parse(dependentAction.path("startedAt").asString()))
        .isAfterOrEqualTo(Instant.parse(providerAction.path("finishedAt").asString()));
  }

  static List<String> units(JsonNode bulk) {
    return bulk.path("results").values().stream().map(result -> result.path("unit").asString()).toList();
  }
}
