package io.tandem.common.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UpgradeMergeTest {

  static final String BASE = """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
      spec:
        replicas: 1
        template:
          spec:
            containers:
              - name: web
                image: web:1
      """;

  static UpgradeMerge.Result merge(String upstream, String downstream, UpgradeMerge.Strategy strategy) {
    return UpgradeMerge.merge(KubernetesYaml.parse(BASE), KubernetesYaml.parse(upstream), KubernetesYaml.parse(downstream), strategy);
  }

  @SuppressWarnings("unchecked")
  static Object at(UpgradeMerge.Result result, int resource, String... path) {
    Object node = result.resources().get(resource);
    for (String segment : path) {
      node = node instanceof List<?> list ? list.get(Integer.parseInt(segment)) : ((Map<String, Object>) node).get(segment);
    }
    return node;
  }

  @Test
  void changesToDifferentPathsAreBothKept() {
    UpgradeMerge.Result result = merge(BASE.replace("web:1", "web:2"), BASE.replace("replicas: 1", "replicas: 3"), UpgradeMerge.Strategy.merge);

    assertThat(result.conflicts()).isEmpty();
    assertThat(result.applied()).hasSize(1);
    assertThat(at(result, 0, "spec", "replicas")).isEqualTo(3);
    assertThat(at(result, 0, "spec", "template", "spec", "containers", "0", "image")).isEqualTo("web:2");
  }

  @Test
  void thePathBothChangedIsAConflictThatTheStrategyDecides() {
    String upstream = BASE.replace("replicas: 1", "replicas: 4");
    String downstream = BASE.replace("replicas: 1", "replicas: 3");

    UpgradeMerge.Result reported = merge(upstream, downstream, UpgradeMerge.Strategy.merge);
    assertThat(reported.conflicts()).singleElement().satisfies(conflict -> {
      assertThat(conflict.path()).isEqualTo("spec.replicas");
      assertThat(conflict.upstream()).isEqualTo(4);
      assertThat(conflict.downstream()).isEqualTo(3);
    });
    assertThat(at(merge(upstream, downstream, UpgradeMerge.Strategy.upstreamWins), 0, "spec", "replicas")).isEqualTo(4);
    assertThat(at(merge(upstream, downstream, UpgradeMerge.Strategy.downstreamWins), 0, "spec", "replicas")).isEqualTo(3);
  }

  @Test
  void theSameChangeOnBothSidesIsNoConflict() {
    String both = BASE.replace("web:1", "web:2");

    UpgradeMerge.Result result = merge(both, both, UpgradeMerge.Strategy.merge);

    assertThat(result.conflicts()).isEmpty();
    assertThat(at(result, 0, "spec", "template", "spec", "containers", "0", "image")).isEqualTo("web:2");
  }

  @Test
  void aResourceTheUpstreamAddsIsAddedAndOneTheDownstreamRemovedStaysRemoved() {
    String service = "---\napiVersion: v1\nkind: Service\nmetadata:\n  name: web\n";
    UpgradeMerge.Result added = merge(BASE + service, BASE, UpgradeMerge.Strategy.merge);
    assertThat(added.resources()).hasSize(2);
    assertThat(at(added, 1, "kind")).isEqualTo("Service");

    String emptyDownstream = "";
    UpgradeMerge.Result removed = merge(BASE.replace("web:1", "web:2"), emptyDownstream, UpgradeMerge.Strategy.merge);
    assertThat(removed.resources()).isEmpty();
  }

  @Test
  void aDownstreamInItsOwnNamespaceStillGetsTheUpstreamsChanges() {
    String downstream = BASE.replace("  name: web\nspec", "  name: web\n  namespace: prod\nspec");

    UpgradeMerge.Result result = merge(BASE.replace("web:1", "web:2"), downstream, UpgradeMerge.Strategy.merge);

    assertThat(at(result, 0, "metadata", "namespace")).isEqualTo("prod");
    assertThat(at(result, 0, "spec", "template", "spec", "containers", "0", "image")).isEqualTo("web:2");
  }

  @Test
  void pathsOverlapWhenOneLiesInsideTheOther() {
    assertThat(UpgradeMerge.overlaps("spec.replicas", "spec.replicas")).isTrue();
    assertThat(UpgradeMerge.overlaps("spec", "spec.replicas")).isTrue();
    assertThat(UpgradeMerge.overlaps("", "spec.replicas")).isTrue();
    assertThat(UpgradeMerge.overlaps("spec.replicas", "spec.replicasMax")).isFalse();
  }
}
