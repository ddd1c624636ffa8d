package io.tandem.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.RealCluster;
import io.tandem.support.TandemIT;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@link HealthScenarios} on a real API server, and what needs its controllers: a Deployment's rollout (kwok makes its
 * pods Ready), its progress deadline (kwok keeps pods of an {@code unpullable.invalid/} image in ImagePullBackOff), a
 * Job whose pod fails (kwok fails pods of a {@code failing.invalid/} image). No refresh is asked for anywhere.
 */
@TandemIT
@RealCluster
class HealthOnKubeApiServerIT extends HealthScenarios {

  @Test
  void aGoodDeploymentGoesFromProgressingToHealthyWithinTheWait() {
    String unit = unit("good", deployment("good", "registry.example/good:1", 600));

    JsonNode action = api.post(unit + "/apply?waitFor=healthy&timeout=60s&wait=90", null).json();

    assertThat(action.path("result").asString()).isEqualTo("ApplyCompleted");
    assertThat(action.path("message").asString()).contains("Healthy: Deployment " + space + "/good is current.");
    assertThat(healthChanges("good")).containsSubsequence("Progressing", "Healthy");
    assertThat(api.get(unit + "/live").json().path("resources").get(0).path("health").path("reason").asString())
        .isEqualTo("Available: 2/2");
  }

  @Test
  void aDeploymentWhosePodsNeverBecomeReadyEndsApplyWaitFailedWithProgressDeadlineExceeded() {
    String unit = unit("unpullable", deployment("unpullable", "unpullable.invalid/paymentservice:1", 3));

    JsonNode action = api.post(unit + "/apply?waitFor=healthy&timeout=60s&wait=90", null).json();

    assertThat(action.path("result").asString()).isEqualTo("ApplyWaitFailed");
    assertThat(action.path("message").asString())
        .contains("Degraded: Deployment " + space + "/unpullable: ProgressDeadlineExceeded.");
    assertThat(api.get(unit).json().path("health").path("status").asString()).isEqualTo("Degraded");
  }

  @Test
  void anUnpullableImageWithoutADeadlineIsNotHealthyByTheTimeout() {
    String unit = unit("slow", deployment("slow", "unpullable.invalid/paymentservice:1", 600));

    JsonNode action = api.post(unit + "/apply?waitFor=healthy&timeout=3s&wait=60", null).json();

    assertThat(action.path("result").asString()).isEqualTo("ApplyWaitFailed");
    assertThat(action.path("message").asString()).contains("Not healthy after 3s: Progressing, Deployment " + space + "/slow:");
  }

  @Test
  void aBulkApplyThatWaitsAppliesTheDependentOnceItsProviderDeploymentIsHealthy() throws Exception {
    unit("api", deployment("api", "registry.example/api:1", 600));
    String dependent = unit("gateway", configAndService("gateway"));
    api.post(dependent + "/links", Map.of("to", "api"));

    JsonNode results = api.post("/api/v1/spaces/" + space + "/actions", Map.of("action", "apply",
        "units", List.of("gateway", "api"), "waitFor", "healthy", "timeout", "60s")).json();

    JsonNode provider = finished(results.path("results").get(0).path("action").path("id").asString());
    JsonNode consumer = finished(results.path("results").get(1).path("action").path("id").asString());
    assertThat(provider.path("message").asString()).contains("Healthy: Deployment " + space + "/api is current.");
    assertThat(consumer.path("result").asString()).isEqualTo("ApplyCompleted");
    assertThat(Instant.parse(consumer.path("startedAt").asString()))
        .as("the gateway is applied once the api is healthy")
        .isAfterOrEqualTo(Instant.parse(provider.path("finishedAt").asString()));
  }

  @Test
  void aJobWhosePodFailsIsDegraded() throws Exception {
    String unit = unit("migrate", """
        apiVersion: batch/v1
        kind: Job
        metadata:
          name: migrate
          namespace: %s
        spec:
          backoffLimit: 0
          template:
            spec:
              restartPolicy: Never
              containers:
              - name: migrate
                image: failing.invalid/migrate:1
        """.formatted(space));

    assertThat(api.post(unit + "/apply?wait=30", null).json().path("result").asString()).isEqualTo("ApplyCompleted");

    JsonNode health = healthWithin(unit, Duration.ofSeconds(30), status("Degraded"));
    assertThat(health.path("reason").asString()).isEqualTo("Job " + space + "/migrate: BackoffLimitExceeded");
  }
}
