package io.tandem.apply.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.common.config.JsonColumns;
import io.tandem.space.domain.IgnoreRules;
import io.tandem.support.Fixtures;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IgnoredFieldsTest {

  static final String DATA = Fixtures.paymentService();
  /** The Deployment after {@code kubectl edit} set its memory limit to 512Mi; the Service is not there. */
  static final List<Map<String, Object>> LIVE =
      Arrays.asList(JsonColumns.readMap(Fixtures.read("live/deployment-after-kubectl-edit.json")), null);

  static IgnoreRules rules(Map<String, Object> rule) {
    return IgnoreRules.parse("ignoreRules", List.of(rule));
  }

  @Test
  void anIgnoredPathIsSentWithTheValueOnTheClusterAndNothingElseChanges() {
    String sent = IgnoredFields.keepLive(DATA, LIVE,
        rules(Map.of("kind", "Deployment", "paths", List.of("spec.template.spec.containers.*.resources.limits"))));

    assertThat(sent).isEqualTo(DATA.replace("memory: 128Mi", "memory: 512Mi"));
  }

  @Test
  void withoutARuleThatPicksTheObjectTheDataIsSentAsItIs() {
    assertThat(IgnoredFields.keepLive(DATA, LIVE, rules(Map.of("kind", "StatefulSet", "paths", List.of("spec")))))
        .isSameAs(DATA);
    assertThat(IgnoredFields.keepLive(DATA, LIVE, rules(Map.of("paths", List.of("spec.replicas"))))).isSameAs(DATA);
  }

  @Test
  void aFieldTheConfigurationDoesNotSetIsNotTakenFromTheCluster() {
    // the live object has status and server defaults (progressDeadlineSeconds …) that the data does not set
    String sent = IgnoredFields.keepLive(DATA, LIVE, rules(Map.of("paths", List.of("spec.progressDeadlineSeconds", "status"))));

    assertThat(sent).isSameAs(DATA);
  }
}
