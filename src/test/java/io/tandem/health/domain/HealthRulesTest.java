package io.tandem.health.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.health.status.ObjectHealth;
import io.tandem.health.status.ObjectStatus;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HealthRulesTest {

  static final HealthRules.Compiled WIDGET = HealthRules.Compiled.of(new HealthRule(null, "shop.example.com", "Widget",
      "has(object.status) && object.status.phase == 'Ready'", "has(object.status) && object.status.phase == 'Broken'",
      "has(object.status) ? object.status.phase : 'no status yet'", "server", null, null));

  static Map<String, Object> widget(Map<String, Object> status) {
    return status == null ? Map.of("apiVersion", "shop.example.com/v1", "kind", "Widget")
        : Map.of("apiVersion", "shop.example.com/v1", "kind", "Widget", "status", status);
  }

  @Test
  void aRuleSaysHealthyProgressingOrDegradedWithItsReason() {
    assertThat(HealthRules.evaluate(WIDGET, widget(Map.of("phase", "Ready"))))
        .isEqualTo(new ObjectHealth(ObjectStatus.Current, "Ready"));
    assertThat(HealthRules.evaluate(WIDGET, widget(null)))
        .isEqualTo(new ObjectHealth(ObjectStatus.InProgress, "no status yet"));
    assertThat(HealthRules.evaluate(WIDGET, widget(Map.of("phase", "Broken"))))
        .isEqualTo(new ObjectHealth(ObjectStatus.Failed, "Broken"));
  }

  @Test
  void aRuleThatDoesNotEvaluateIsUnknownWithItsError() {
    HealthRules.Compiled careless = HealthRules.Compiled.of(new HealthRule(null, "shop.example.com", "Widget",
        "object.status.phase == 'Ready'", null, null, "server", null, null));
    HealthRules.Compiled notBoolean = HealthRules.Compiled.of(new HealthRule(null, "shop.example.com", "Widget",
        "object.kind", null, null, "server", null, null));

    ObjectHealth missing = HealthRules.evaluate(careless, widget(null));
    ObjectHealth text = HealthRules.evaluate(notBoolean, widget(null));

    assertThat(missing.status()).isEqualTo(ObjectStatus.Unknown);
    assertThat(missing.reason()).startsWith("The health rule of Widget.shop.example.com did not evaluate: ")
        .contains("status");
    assertThat(text).isEqualTo(new ObjectHealth(ObjectStatus.Unknown,
        "The health rule of Widget.shop.example.com did not evaluate: its 'healthy' expression gave String, not a boolean"));
  }

  @Test
  void theLibrarysRulesCompileAndJudgeACertificate() {
    List<HealthRules.Compiled> library = HealthRules.library();
    HealthRules.Compiled certificate = library.stream()
        .filter(rule -> rule.rule().kindName().equals("Certificate.cert-manager.io")).findFirst().orElseThrow();

    Map<String, Object> issued = Map.of("apiVersion", "cert-manager.io/v1", "kind", "Certificate", "status",
        Map.of("conditions", List.of(Map.of("type", "Ready", "status", "True", "reason", "Ready"))));
    Map<String, Object> failed = Map.of("apiVersion", "cert-manager.io/v1", "kind", "Certificate", "status",
        Map.of("conditions", List.of(Map.of("type", "Ready", "status", "False", "reason", "DoesNotExist"),
            Map.of("type", "Issuing", "status", "False", "reason", "Failed"))));

    assertThat(library).extracting(rule -> rule.rule().kindName()).contains("Rollout.argoproj.io",
        "HelmRelease.helm.toolkit.fluxcd.io", "Kustomization.kustomize.toolkit.fluxcd.io", "Provider.pkg.crossplane.io");
    assertThat(HealthRules.evaluate(certificate, issued)).isEqualTo(new ObjectHealth(ObjectStatus.Current, "Ready"));
    assertThat(HealthRules.evaluate(certificate, failed)).isEqualTo(new ObjectHealth(ObjectStatus.Failed, "DoesNotExist"));
  }

  @Test
  void kindsAreNamedKindDotGroup() {
    assertThat(HealthRule.Kind.parse("Certificate.cert-manager.io")).isEqualTo(new HealthRule.Kind("cert-manager.io", "Certificate"));
    assertThat(HealthRule.Kind.parse("ConfigMap")).isEqualTo(new HealthRule.Kind("", "ConfigMap"));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> HealthRule.Kind.parse("certificate"))
        .hasMessageContaining("'certificate' is not a kind");
  }
}
