package io.tandem.apply.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HookPodsTest {

  static Map<String, Object> pod(String name, String created, Map<String, Object> state) {
    return Map.of("metadata", Map.of("name", name, "creationTimestamp", created),
        "status", Map.of("containerStatuses", List.of(Map.of("name", "migrate", "state", state))));
  }

  @Test
  void theNewestFailedPodSaysWhichContainerExitedHowAndTheEndOfWhatItWrote() {
    String log = "connecting to db\n" + "x".repeat(300) + "\nERROR: relation \"orders\" already exists\n";
    List<Map<String, Object>> pods = List.of(
        pod("migrate-old", "2026-12-05T10:00:00Z", Map.of("terminated", Map.of("exitCode", 2, "reason", "Error"))),
        pod("migrate-new", "2026-12-05T10:01:00Z", Map.of("terminated", Map.of("exitCode", 1, "reason", "Error",
            "message", log))));

    String failure = HookPods.failure(pods).orElseThrow();

    assertThat(failure).startsWith("pod migrate-new: container migrate exited 1 (Error): \u2026")
        .endsWith("x / ERROR: relation \"orders\" already exists").hasSizeLessThan(260);
  }

  @Test
  void aContainerStuckWaitingSaysWhyAndOneThatSucceededOrIsStartingSaysNothing() {
    Map<String, Object> pulling = pod("smoke-a", "2026-12-05T10:00:00Z", Map.of("waiting", Map.of("reason",
        "ImagePullBackOff", "message", "Back-off pulling image \"registry.example/smoke:1\"")));

    assertThat(HookPods.failure(List.of(pulling))).hasValue(
        "pod smoke-a: container migrate waiting (ImagePullBackOff): Back-off pulling image \"registry.example/smoke:1\"");
    assertThat(HookPods.failure(List.of(
        pod("ok", "2026-12-05T10:00:00Z", Map.of("terminated", Map.of("exitCode", 0, "reason", "Completed"))),
        pod("new", "2026-12-05T10:01:00Z", Map.of("waiting", Map.of("reason", "ContainerCreating")))))).isEmpty();
    assertThat(HookPods.failure(List.of())).isEmpty();
  }
}
