package io.tandem.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.TandemIT;
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

  @Test
  void anApplyWhoseDeploymentIsNotHealthyInTimeEndsApplyWaitFailedWithTheReason() {
    String unit = unit("stuck", """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: stuck
          namespace: %s
        spec:
          selector:
            matchLabels: {app: stuck}
          template:
            metadata:
              labels: {app: stuck}
            spec:
              containers:
              - name: server
                image: stuck:1
        """.formatted(space));

    JsonNode action = api.post(unit + "/apply?waitFor=healthy&timeout=2s&wait=30", null).json();

    assertThat(action.path("status").asString()).isEqualTo("Failed");
    assertThat(action.path("result").asString()).isEqualTo("ApplyWaitFailed");
    assertThat(action.path("message").asString())
        .contains("Not healthy after 2s: Progressing, Deployment " + space + "/stuck: Replicas: 0/1.");
    assertThat(api.get(unit).json().path("liveRevisionNum").asInt()).as("the apply itself succeeded").isEqualTo(1);
  }
}
