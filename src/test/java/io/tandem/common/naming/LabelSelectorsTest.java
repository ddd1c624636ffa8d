package io.tandem.common.naming;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LabelSelectorsTest {

  @ParameterizedTest(name = "[{0}]")
  @ValueSource(strings = {"app=web", "app==web", "app!=web", "app", "!canary", "app.kubernetes.io/name=shop",
      "tier in (front, back)", "tier notin (front),app", "app=web, tier in (a,b), !canary", "app="})
  void acceptsWhatKubernetesAccepts(String selector) {
    assertThat(LabelSelectors.require("labelSelector", " " + selector + " ")).isEqualTo(selector);
  }

  @ParameterizedTest(name = "[{0}]")
  @ValueSource(strings = {"app=web=x", "tier in front", "tier in (a", "app=-web", "-app=web", "app > 1", "app=web,,x",
      "tier in ((a))", "x/y/z=1"})
  void refusesWhatItIsNot(String selector) {
    assertThatThrownBy(() -> LabelSelectors.require("labelSelector", selector))
        .isInstanceOfSatisfying(TandemException.class, e -> assertThat(e.code()).isEqualTo(ProblemCode.VALIDATION_FAILED))
        .hasMessageContaining("labelSelector");
  }

  @Test
  void noneIsNull() {
    assertThat(LabelSelectors.require("labelSelector", "  ")).isNull();
    assertThat(LabelSelectors.require("labelSelector", null)).isNull();
  }
}
