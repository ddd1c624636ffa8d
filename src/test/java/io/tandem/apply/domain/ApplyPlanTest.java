package io.tandem.apply.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.apply.domain.ApplyPlan.DeletePolicy;
import io.tandem.apply.domain.ApplyPlan.Phase;
import io.tandem.apply.domain.ApplyPlan.Step;
import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.ParsedContent;
import java.util.List;
import org.junit.jupiter.api.Test;

class ApplyPlanTest {

  static String object(String kind, String name, String annotations) {
    return """
        apiVersion: v1
        kind: %s
        metadata:
          name: %s
          annotations: {%s}
        """.formatted(kind, name, annotations);
  }

  static String data(String... objects) {
    return String.join("---\n", objects);
  }

  static List<String> names(Step step) {
    List<String> names = new java.util.ArrayList<>();
    step.objects().forEach(object -> names.add(object.name()));
    step.hooks().forEach(hook -> names.add("hook:" + hook.resource().name()));
    return names;
  }

  @Test
  void aHookWithGenerateNameIsNamedAnewAtEachApplyAsTheApiServerWouldNameIt() {
    String data = data(object("ConfigMap", "settings", ""), """
        apiVersion: batch/v1
        kind: Job
        metadata:
          generateName: schema-migrate-
          annotations: {argocd.argoproj.io/hook: PreSync}
        spec: {}
        """);

    Step first = ApplyPlan.of(data, true).steps().get(0);
    Step second = ApplyPlan.of(data, false).steps().get(0);

    assertThat(first.phase()).isEqualTo(Phase.PreSync);
    String name = first.hooks().get(0).resource().name();
    assertThat(name).matches("schema-migrate-[bcdfghjklmnpqrstvwxz2456789]{5}");
    assertThat(second.hooks().get(0).resource().name()).as("a new object at each apply").isNotEqualTo(name);
    assertThat(first.hooks().get(0).describe()).isEqualTo("Job/" + name);
    assertThat(ParsedContent.parse(first.text()).get(0).content().get("metadata"))
        .isEqualTo(java.util.Map.of("name", name, "annotations", java.util.Map.of("argocd.argoproj.io/hook", "PreSync")));
  }

  @Test
  void dataWithoutHooksOrWavesIsOneStepAsItIs() {
    String data = data(object("ConfigMap", "a", ""), object("Service", "b", ""));

    ApplyPlan plan = ApplyPlan.of(data, true);

    assertThat(plan.single()).isTrue();
    assertThat(plan.deployables()).isSameAs(data);
  }

  @Test
  void argoPhasesAndWavesOrderTheStepsAndTandemsWaveWinsOverArgos() {
    ApplyPlan plan = ApplyPlan.of(data(
        object("ConfigMap", "frontend", "argocd.argoproj.io/sync-wave: '2'"),
        object("ConfigMap", "backend", "argocd.argoproj.io/sync-wave: '5', tandem.io/apply-wave: '1'"),
        object("ConfigMap", "plain", ""),
        object("Pod", "smoke", "argocd.argoproj.io/hook: PostSync"),
        object("Pod", "schema", "argocd.argoproj.io/hook: PreSync"),
        object("Pod", "notify", "argocd.argoproj.io/hook: SyncFail"),
        object("Pod", "during", "argocd.argoproj.io/hook: Sync, argocd.argoproj.io/sync-wave: '1'"),
        object("Pod", "never", "argocd.argoproj.io/hook: Skip")), false);

    assertThat(plan.steps()).extracting(Step::phase, Step::wave).containsExactly(
        org.assertj.core.groups.Tuple.tuple(Phase.PreSync, 0), org.assertj.core.groups.Tuple.tuple(Phase.Sync, 0),
        org.assertj.core.groups.Tuple.tuple(Phase.Sync, 1), org.assertj.core.groups.Tuple.tuple(Phase.Sync, 2),
        org.assertj.core.groups.Tuple.tuple(Phase.PostSync, 0));
    assertThat(plan.steps().stream().map(ApplyPlanTest::names).toList()).containsExactly(
        List.of("hook:schema"), List.of("plain"), List.of("backend", "hook:during"), List.of("frontend"), List.of("hook:smoke"));
    assertThat(plan.onFailure()).hasSize(1);
    assertThat(names(plan.onFailure().get(0))).containsExactly("hook:notify");
    assertThat(ParsedContent.parse(plan.deployables())).extracting(r -> r.name()).containsExactly("frontend", "backend", "plain");
    assertThat(plan.single()).isFalse();
  }

  @Test
  void helmHooksRunAsInstallOrUpgradeRunsThemInTheOrderOfTheirWeights() {
    String data = data(object("Deployment", "app", ""),
        object("Job", "migrate", "helm.sh/hook: 'pre-install,pre-upgrade', helm.sh/hook-weight: '5'"),
        object("Job", "seed", "helm.sh/hook: pre-install, helm.sh/hook-weight: '-1'"),
        object("Job", "notify", "helm.sh/hook: post-upgrade, helm.sh/hook-delete-policy: hook-succeeded"),
        object("Pod", "test", "helm.sh/hook: test"));

    ApplyPlan install = ApplyPlan.of(data, true);
    ApplyPlan upgrade = ApplyPlan.of(data, false);

    assertThat(install.steps().stream().map(ApplyPlanTest::names).toList())
        .containsExactly(List.of("hook:seed"), List.of("hook:migrate"), List.of("app"));
    assertThat(upgrade.steps().stream().map(ApplyPlanTest::names).toList())
        .containsExactly(List.of("hook:migrate"), List.of("app"), List.of("hook:notify"));
    assertThat(upgrade.steps().get(2).hooks().get(0).deletePolicies()).containsExactly(DeletePolicy.HookSucceeded);
    assertThat(upgrade.steps().get(0).hooks().get(0).deletePolicies()).containsExactly(DeletePolicy.BeforeHookCreation);
    assertThat(ParsedContent.parse(install.deployables())).extracting(r -> r.name()).containsExactly("app");
  }

  @Test
  void aHookWithoutConfigurationStillHasASyncStepForThePrune() {
    ApplyPlan plan = ApplyPlan.of(object("Job", "only", "argocd.argoproj.io/hook: PostSync"), false);

    assertThat(plan.steps()).extracting(Step::phase).containsExactly(Phase.Sync, Phase.PostSync);
  }

  @Test
  void aWaveThatIsNotANumberOrAnUnknownHookIsRefusedNamingTheObject() {
    assertThatThrownBy(() -> ApplyPlan.of(object("ConfigMap", "a", "argocd.argoproj.io/sync-wave: soon"), true))
        .isInstanceOf(TandemException.class)
        .hasMessage("Annotation argocd.argoproj.io/sync-wave of ConfigMap/a is 'soon'; it must be a whole number.");
    assertThatThrownBy(() -> ApplyPlan.of(object("Job", "b", "argocd.argoproj.io/hook: Later"), true))
        .hasMessageContaining("Annotation argocd.argoproj.io/hook of Job/b is 'Later'");
    assertThatThrownBy(() -> ApplyPlan.of(object("Job", "c", "helm.sh/hook: pre-install, helm.sh/hook-delete-policy: never"), true))
        .hasMessageContaining("helm.sh/hook-delete-policy of Job/c is 'never'");
  }
}
