package io.tandem.live;

import static io.tandem.support.ProblemAssert.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.TandemIT;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link IgnoreRuleScenarios} on the in-process mock API server, and how bad rules are refused. */
@TandemIT
class IgnoreRulesIT extends IgnoreRuleScenarios {

  @Test
  void aBadRuleOrApplyModeIsRefusedAndChangesNothing() {
    String unit = unit("payment", "Report");
    ignore(spacePath, Map.of("paths", List.of("spec.replicas")));

    assertProblem(api.patch(spacePath, Map.of("ignoreRules", List.of(Map.of("kind", "Deployment")), "driftMode", "Capture")),
        400, "validation-failed", "ignoreRules[0]");
    assertProblem(api.patch(spacePath, Map.of("applyMode", "Sometimes")), 400, "validation-failed", "OnDemand");
    assertProblem(api.patch(unit, Map.of("ignoreRules", List.of(Map.of("paths", List.of("spec..replicas"))),
        "data", "")), 400, "validation-failed", "spec..replicas");
    assertProblem(api.patch(unit, Map.of("ignoreRules", "spec.replicas")), 400, "validation-failed", "list of objects");

    var space = api.get(spacePath).json();
    assertThat(space.path("driftMode").asString()).isEqualTo("Report");
    assertThat(space.path("applyMode").asString()).isEqualTo("OnDemand");
    assertThat(space.path("ignoreRules").get(0).path("paths").get(0).asString()).isEqualTo("spec.replicas");
    var status = api.get(unit).json();
    assertThat(status.path("headRevisionNum").asInt()).isEqualTo(1);
    assertThat(status.path("ignoreRules").size()).isZero();

    Api.Response cleared = api.patch(spacePath, java.util.Collections.singletonMap("ignoreRules", null));
    assertThat(cleared.json().path("ignoreRules").size()).isZero();
  }
}
