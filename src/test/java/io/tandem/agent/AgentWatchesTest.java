package io.tandem.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.targets.domain.WatchScope;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AgentWatchesTest {

  static final Map<String, Object> SECRET = Map.of("apiVersion", "v1", "kind", "Secret",
      "metadata", Map.of("name", "db", "namespace", "shop", "managedFields", List.of(Map.of("manager", "kubectl")),
          "annotations", Map.of("kubectl.kubernetes.io/last-applied-configuration", "{\"data\":{\"password\":\"c2VjcmV0\"}}",
              "team", "payments")),
      "type", "Opaque", "data", Map.of("password", "c2VjcmV0"), "stringData", Map.of("token", "secret"));

  @Test
  void anObjectARuleJudgesIsSentWholeButForItsManagedFieldsAndASecretsValues() {
    AgentWatches.Watched moved = AgentWatches.Watched.moved(new WatchScope("far", "v1", "Secret", "shop"), "db", "7",
        SECRET, false, true);

    assertThat(moved.object()).containsEntry("type", "Opaque").doesNotContainKeys("data", "stringData");
    assertThat(moved.object().toString()).doesNotContain("c2VjcmV0", "secret", "managedFields").contains("payments");
  }

  @Test
  void anObjectNoRuleJudgesIsSentAsItsStatusAlone() {
    AgentWatches.Watched moved = AgentWatches.Watched.moved(new WatchScope("far", "v1", "Secret", "shop"), "db", "7",
        SECRET, true, false);

    assertThat(moved.object()).isNull();
    assertThat(moved.status()).isNotNull();
    assertThat(moved.statusOnly()).isTrue();
  }
}
