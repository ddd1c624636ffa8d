package io.tandem.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

class LivePropertiesTest {

  static LiveProperties bind(Map<String, String> settings) {
    return new Binder(new MapConfigurationPropertySource(settings)).bindOrCreate("tandem.live", LiveProperties.class);
  }

  @Test
  void withNothingConfiguredTheDefaultsApply() {
    LiveProperties live = bind(Map.of());

    assertThat(live.refreshInterval()).isEqualTo(Duration.ofSeconds(30));
    assertThat(live.detectionEnabled()).isTrue();
    assertThat(live.detectionBatch()).isEqualTo(10_000);
    assertThat(live.watchResync()).isEqualTo(Duration.ofSeconds(30));
    assertThat(live.ignoredManagers())
        .containsExactly("kube-controller-manager", "kube-scheduler", "kubelet", "kube-apiserver", "vpa-recommender",
            "vpa-updater", "cluster-autoscaler");
    assertThat(live.breakGlassHold()).isEqualTo(Duration.ofHours(1));
  }

  @Test
  void configuredValuesReplaceTheDefaultsAndACommaSeparatedListBecomesItsItems() {
    LiveProperties live = bind(Map.of(
        "tandem.live.refresh-interval", "5m",
        "tandem.live.watch-enabled", "false",
        "tandem.live.ignored-managers", "karpenter, argocd"));

    assertThat(live.refreshInterval()).isEqualTo(Duration.ofMinutes(5));
    assertThat(live.watchEnabled()).isFalse();
    assertThat(live.ignoredManagers()).containsExactly("karpenter", "argocd");
    assertThat(live.detectionEnabled()).as("what is not configured keeps its default").isTrue();
  }
}
