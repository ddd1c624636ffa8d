package io.tandem.space.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.error.TandemException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class IgnoreRulesTest {

  static final String MEMORY = "spec.template.spec.containers.0.resources.limits.memory";

  static IgnoreRules rules(Map<String, Object>... rules) {
    return IgnoreRules.parse("ignoreRules", List.of(rules));
  }

  static boolean ignoresInPayments(IgnoreRules rules, String path, String... owners) {
    return rules.ignores("apps/v1", "Deployment", "payments", "paymentservice", path, Set.of(owners));
  }

  @Test
  void aPathCoversItselfAndEverythingBelowIt() {
    IgnoreRules rules = rules(Map.of("kind", "Deployment", "paths", List.of("spec.template.spec.containers.0.resources")));

    assertThat(ignoresInPayments(rules, MEMORY)).isTrue();
    assertThat(ignoresInPayments(rules, "spec.template.spec.containers.0.resources")).isTrue();
    assertThat(ignoresInPayments(rules, "spec.template.spec.containers.0.image")).isFalse();
    assertThat(ignoresInPayments(rules, "spec.template.spec.containers.0.resourcesX")).isFalse();
    assertThat(ignoresInPayments(rules, "spec.template.spec")).as("a field above the path").isFalse();
  }

  @Test
  void aStarSegmentStandsForAnyListItem() {
    IgnoreRules rules = rules(Map.of("paths", List.of("spec.template.spec.containers.*.resources.limits.memory")));

    assertThat(ignoresInPayments(rules, MEMORY)).isTrue();
    assertThat(ignoresInPayments(rules, MEMORY.replace(".0.", ".3."))).isTrue();
    assertThat(ignoresInPayments(rules, MEMORY.replace("memory", "cpu"))).isFalse();
  }

  @Test
  void theSelectorPicksByGroupKindNamespaceAndNameWithWildcards() {
    IgnoreRules rules = rules(Map.of("group", "apps", "kind", "Deployment", "namespace", "pay*", "name", "*service",
        "paths", List.of("spec.replicas")));

    assertThat(ignoresInPayments(rules, "spec.replicas")).isTrue();
    assertThat(rules.ignores("apps/v1", "StatefulSet", "payments", "paymentservice", "spec.replicas", Set.of())).isFalse();
    assertThat(rules.ignores("apps/v1", "Deployment", "checkout", "paymentservice", "spec.replicas", Set.of())).isFalse();
    assertThat(rules.ignores("apps/v1", "Deployment", "payments", "paymentworker", "spec.replicas", Set.of())).isFalse();
    assertThat(rules.ignores("v1", "Deployment", "payments", "paymentservice", "spec.replicas", Set.of()))
        .as("the core group is \"\", not apps").isFalse();
  }

  @Test
  void theCoreGroupIsTheEmptyString() {
    IgnoreRules rules = rules(Map.of("group", "", "kind", "Service", "paths", List.of("spec.ports")));

    assertThat(rules.ignores("v1", "Service", "payments", "paymentservice", "spec.ports.0.port", Set.of())).isTrue();
    assertThat(rules.ignores("v1", "Service", null, "paymentservice", "spec.ports", Set.of())).isTrue();
  }

  @Test
  void aManagerRuleIgnoresTheFieldsThatManagerOwns() {
    IgnoreRules rules = rules(Map.of("kind", "*", "managers", List.of("kubectl-edit")));

    assertThat(ignoresInPayments(rules, MEMORY, "kubectl-edit")).isTrue();
    assertThat(ignoresInPayments(rules, MEMORY, "some-tool", "kubectl-edit")).isTrue();
    assertThat(ignoresInPayments(rules, MEMORY, "some-tool")).isFalse();
    assertThat(ignoresInPayments(rules, MEMORY)).isFalse();
  }

  @Test
  void aUnitsRulesAddToItsSpaces() {
    IgnoreRules space = rules(Map.of("paths", List.of("spec.replicas")));
    IgnoreRules unit = rules(Map.of("paths", List.of("metadata.labels")));

    IgnoreRules both = space.and(unit);

    assertThat(ignoresInPayments(both, "spec.replicas")).isTrue();
    assertThat(ignoresInPayments(both, "metadata.labels.team")).isTrue();
    assertThat(ignoresInPayments(IgnoreRules.NONE, "spec.replicas")).isFalse();
  }

  @Test
  void wildcardsMatchAnyRunOfCharacters() {
    assertThat(IgnoreRule.matches("a*c*e", "abcde")).isTrue();
    assertThat(IgnoreRule.matches("a*c*e", "ace")).isTrue();
    assertThat(IgnoreRule.matches("a*c*e", "abcd")).isFalse();
    assertThat(IgnoreRule.matches("*", "")).isTrue();
    assertThat(IgnoreRule.matches("ab*ab", "ab")).isFalse();
    assertThat(IgnoreRule.matches(null, "anything")).isTrue();
  }

  @Test
  void aRuleThatIgnoresNothingOrIsMalformedIsRefusedNamingTheField() {
    assertRefused(List.of(Map.of("kind", "Deployment")), "ignoreRules[0]", "paths' or 'managers");
    assertRefused(List.of(Map.of("paths", List.of("spec..replicas"))), "ignoreRules[0].paths", "spec..replicas");
    assertRefused(List.of(Map.of("paths", "spec.replicas")), "ignoreRules[0].paths", "list");
    assertRefused(List.of(Map.of("paths", List.of("spec.replicas"), "kind", 3L)), "ignoreRules[0].kind", "string");
    assertRefused(List.of(Map.of("paths", List.of("spec.replicas"), "jsonPointers", List.of())), "jsonPointers", "unknown");
    assertRefused(List.of(Map.of("managers", List.of(" "))), "ignoreRules[0].managers", "non-blank");
  }

  static void assertRefused(List<Map<String, Object>> given, String field, String why) {
    assertThatThrownBy(() -> IgnoreRules.parse("ignoreRules", given))
        .isInstanceOfSatisfying(TandemException.class, e -> {
          assertThat(e.code().code()).isEqualTo("validation-failed");
          assertThat(e.getMessage()).contains(field).contains(why);
        });
  }
}
