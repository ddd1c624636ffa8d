package io.tandem.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.RealCluster;
import io.tandem.support.TandemIT;
import java.time.Duration;
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
