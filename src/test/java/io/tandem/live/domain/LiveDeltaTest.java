package io.tandem.live.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.common.config.JsonColumns;
import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.KubernetesYaml;
import io.tandem.common.yaml.LiveCleaner;
import io.tandem.common.yaml.ResourceChange;
import io.tandem.function.domain.FunctionRunner;
import io.tandem.space.domain.IgnoreRules;
import io.tandem.support.Fixtures;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Refresh on objects exactly as a real API server returns them (recorded in src/test/resources/live). */
class LiveDeltaTest {

  static final Set<String> IGNORED = Set.of("kube-controller-manager");
  static final List<KubernetesResource> UNIT = KubernetesYaml.parse(Fixtures.paymentService());

  static Map<String, Object> live(String name) {
    return JsonColumns.readMap(Fixtures.read("live/" + name + ".json"));
  }

  static Map<String, Object> cleaned(String name) {
    return LiveCleaner.clean(FunctionRunner.deepCopy(live(name)));
  }

  @Test
  void aKubectlEditIsOneChangeAttributedToKubectlEdit() {
    List<LiveDelta.Change> changes =
        LiveDelta.between(UNIT.subList(0, 1), List.of(cleaned("deployment-after-apply")),
            List.of(live("deployment-after-kubectl-edit")), IGNORED, IgnoreRules.NONE);

    assertThat(changes).hasSize(1);
    LiveDelta.Change change = changes.get(0);
    assertThat(change.change().path()).isEqualTo("spec.template.spec.containers.0.resources.limits.memory");
    assertThat(change.change().op()).isEqualTo(ResourceChange.Op.replace);
    assertThat(change.change().from()).isEqualTo("128Mi");
    assertThat(change.change().to()).isEqualTo("512Mi");
    assertThat(change.managers()).containsExactly("kubectl-edit");
  }

  @Test
  void replicasScaledByAnAutoscalerAreNotAdopted() {
    List<LiveDelta.Change> changes =
        LiveDelta.between(UNIT.subList(0, 1), List.of(cleaned("deployment-after-apply")),
            List.of(live("deployment-after-hpa-scale")), IGNORED, IgnoreRules.NONE);

    assertThat(changes).isEmpty();
  }

  @Test
  void withoutTheIgnoreListTheAutoscalersChangeWouldShowWithItsManager() {
    List<LiveDelta.Change> changes =
        LiveDelta.between(UNIT.subList(0, 1), List.of(cleaned("deployment-after-apply")),
            List.of(live("deployment-after-hpa-scale")), Set.of(), IgnoreRules.NONE);

    assertThat(changes).extracting(c -> c.change().path()).containsExactly("spec.replicas");
    assertThat(changes.get(0).managers()).containsExactly("kube-controller-manager");
  }

  @Test
  void aServiceWithItsServerAssignedFieldsIsNoDrift() {
    assertThat(LiveDelta.between(UNIT.subList(1, 2), List.of(cleaned("service-after-apply")),
        List.of(live("service-after-apply")), IGNORED, IgnoreRules.NONE)).isEmpty();
  }

  @Test
  void cleaningRemovesServerMetadataStatusAndToolAnnotations() {
    Map<String, Object> cleaned = cleaned("deployment-after-apply");

    assertThat(cleaned).doesNotContainKey("status");
    @SuppressWarnings("unchecked")
    Map<String, Object> metadata = (Map<String, Object>) cleaned.get("metadata");
    assertThat(metadata).doesNotContainKeys("managedFields", "resourceVersion", "uid", "creationTimestamp", "generation", "annotations");
    assertThat(metadata).containsKeys("name", "namespace", "labels");
  }

  @Test
  void theDeltaIsPatchedOntoTheHeadAndNothingElse() {
    List<LiveDelta.Change> changes =
        LiveDelta.between(UNIT.subList(0, 1), List.of(cleaned("deployment-after-apply")),
            List.of(live("deployment-after-kubectl-edit")), IGNORED, IgnoreRules.NONE);

    List<Map<String, Object>> patched = LiveDelta.applyTo(UNIT, changes);
    List<KubernetesResource> wanted = List.of(KubernetesYaml.resource(patched.get(0), 1), KubernetesYaml.resource(patched.get(1), 2));

    assertThat(io.tandem.common.yaml.TextPatcher.patch(Fixtures.paymentService(), wanted))
        .isEqualTo(Fixtures.paymentService().replace("memory: 128Mi", "memory: 512Mi"));
  }

  @Test
  void anIgnoreRuleOnThePathLeavesTheEditOut() {
    IgnoreRules rules = IgnoreRules.parse("ignoreRules", List.of(Map.of("kind", "Deployment",
        "paths", List.of("spec.template.spec.containers.*.resources.limits.memory"))));

    assertThat(LiveDelta.between(UNIT.subList(0, 1), List.of(cleaned("deployment-after-apply")),
        List.of(live("deployment-after-kubectl-edit")), IGNORED, rules)).isEmpty();
  }

  @Test
  void anIgnoreRuleOnTheManagerLeavesItsFieldsOutAsTheManagedFieldsTell() {
    IgnoreRules kubectlEdit = IgnoreRules.parse("ignoreRules", List.of(Map.of("managers", List.of("kubectl-edit"))));
    IgnoreRules otherKind = IgnoreRules.parse("ignoreRules", List.of(Map.of("kind", "Service", "managers", List.of("kubectl-edit"))));

    assertThat(LiveDelta.between(UNIT.subList(0, 1), List.of(cleaned("deployment-after-apply")),
        List.of(live("deployment-after-kubectl-edit")), IGNORED, kubectlEdit)).isEmpty();
    assertThat(LiveDelta.between(UNIT.subList(0, 1), List.of(cleaned("deployment-after-apply")),
        List.of(live("deployment-after-kubectl-edit")), IGNORED, otherKind)).hasSize(1);
  }
}
