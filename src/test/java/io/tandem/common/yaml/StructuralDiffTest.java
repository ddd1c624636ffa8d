package io.tandem.common.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.InstanceOfAssertFactories.MAP;

import io.tandem.common.yaml.ResourceChange.Op;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StructuralDiffTest {

  private static final String DEPLOYMENT_ID = "apps/v1/Deployment/prod/api";

  private static final String DEPLOYMENT =
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: api
        namespace: prod
        labels:
          tier: backend
      spec:
        replicas: 2
        template:
          spec:
            containers:
              - name: api
                image: api:1.0
                args: ["--port", "8080"]
              - name: sidecar
                image: proxy:2.0
      """;

  @Test
  void identicalDataHasNoChanges() {
    assertThat(diff(DEPLOYMENT, DEPLOYMENT)).isEmpty();
  }

  @Test
  void changedScalarIsAReplaceWithFromAndTo() {
    List<ResourceChange> changes = diff(DEPLOYMENT, DEPLOYMENT.replace("replicas: 2", "replicas: 3"));

    assertThat(changes).containsExactly(new ResourceChange(DEPLOYMENT_ID, "spec.replicas", Op.replace, 2, 3));
  }

  @Test
  void newKeyIsAnAdd() {
    List<ResourceChange> changes =
        diff(DEPLOYMENT, DEPLOYMENT.replace("    tier: backend\n", "    tier: backend\n    team: payments\n"));

    assertThat(changes)
        .containsExactly(new ResourceChange(DEPLOYMENT_ID, "metadata.labels.team", Op.add, null, "payments"));
  }

  @Test
  void droppedKeyIsARemove() {
    List<ResourceChange> changes = diff(DEPLOYMENT, DEPLOYMENT.replace("  replicas: 2\n", ""));

    assertThat(changes).containsExactly(new ResourceChange(DEPLOYMENT_ID, "spec.replicas", Op.remove, 2, null));
  }

  @Test
  void newResourceIsAWholeResourceAdd() {
    String configMap =
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: settings
        data:
          mode: fast
        """;

    List<ResourceChange> changes = diff(DEPLOYMENT, DEPLOYMENT + "---\n" + configMap);

    assertThat(changes).singleElement().satisfies(change -> {
      assertThat(change.resource()).isEqualTo("v1/ConfigMap//settings");
      assertThat(change.path()).isEmpty();
      assertThat(change.op()).isEqualTo(Op.add);
      assertThat(change.from()).isNull();
      assertThat(change.to()).asInstanceOf(MAP).containsEntry("data", Map.of("mode", "fast"));
    });
  }

  @Test
  void droppedResourceIsAWholeResourceRemove() {
    List<ResourceChange> changes = diff(DEPLOYMENT, "");

    assertThat(changes).singleElement().satisfies(change -> {
      assertThat(change.resource()).isEqualTo(DEPLOYMENT_ID);
      assertThat(change.path()).isEmpty();
      assertThat(change.op()).isEqualTo(Op.remove);
      assertThat(change.from()).asInstanceOf(MAP).containsEntry("kind", "Deployment");
      assertThat(change.to()).isNull();
    });
  }

  @Test
  void reorderedContainersAreNotAChange() {
    String api = "        - name: api\n          image: api:1.0\n          args: [\"--port\", \"8080\"]\n";
    String sidecar = "        - name: sidecar\n          image: proxy:2.0\n";
    String reordered = DEPLOYMENT.replace(api + sidecar, sidecar + api);
    assertThat(reordered).isNotEqualTo(DEPLOYMENT);

    assertThat(diff(DEPLOYMENT, reordered)).isEmpty();
  }

  @Test
  void insertedContainerIsOneAddAndLaterChangesUseTheNewIndex() {
    String changed =
        DEPLOYMENT
            .replace("      containers:\n", "      containers:\n        - name: init\n          image: busybox\n")
            .replace("image: proxy:2.0", "image: proxy:2.1");

    List<ResourceChange> changes = diff(DEPLOYMENT, changed);

    String containers = "spec.template.spec.containers";
    assertThat(changes)
        .containsExactly(
            new ResourceChange(
                DEPLOYMENT_ID, containers + ".0", Op.add, null, Map.of("name", "init", "image", "busybox")),
            new ResourceChange(DEPLOYMENT_ID, containers + ".2.image", Op.replace, "proxy:2.0", "proxy:2.1"));
  }

  @Test
  void removedContainerIsARemoveAtItsOldIndex() {
    String api = "        - name: api\n          image: api:1.0\n          args: [\"--port\", \"8080\"]\n";
    String changed = DEPLOYMENT.replace(api, "");
    assertThat(changed).isNotEqualTo(DEPLOYMENT);

    List<ResourceChange> changes = diff(DEPLOYMENT, changed);

    assertThat(changes).singleElement().satisfies(change -> {
      assertThat(change.path()).isEqualTo("spec.template.spec.containers.0");
      assertThat(change.op()).isEqualTo(Op.remove);
      assertThat(change.from()).asInstanceOf(MAP).containsEntry("name", "api");
    });
  }

  @Test
  void appendedArgumentIsAnAddAtTheEnd() {
    List<ResourceChange> changes =
        diff(DEPLOYMENT, DEPLOYMENT.replace("[\"--port\", \"8080\"]", "[\"--port\", \"8080\", \"--verbose\"]"));

    assertThat(changes)
        .containsExactly(
            new ResourceChange(DEPLOYMENT_ID, "spec.template.spec.containers.0.args.2", Op.add, null, "--verbose"));
  }

  @Test
  void droppedArgumentsAreRemovesFromTheEnd() {
    List<ResourceChange> changes = diff(DEPLOYMENT, DEPLOYMENT.replace("[\"--port\", \"8080\"]", "[]"));

    String args = "spec.template.spec.containers.0.args";
    assertThat(changes)
        .containsExactly(
            new ResourceChange(DEPLOYMENT_ID, args + ".1", Op.remove, "8080", null),
            new ResourceChange(DEPLOYMENT_ID, args + ".0", Op.remove, "--port", null));
  }

  @Test
  void changedArgumentIsAReplaceAtItsPosition() {
    List<ResourceChange> changes =
        diff(DEPLOYMENT, DEPLOYMENT.replace("[\"--port\", \"8080\"]", "[\"--port\", \"9090\"]"));

    assertThat(changes)
        .containsExactly(
            new ResourceChange(
                DEPLOYMENT_ID, "spec.template.spec.containers.0.args.1", Op.replace, "8080", "9090"));
  }

  @Test
  void dotsAndTildesInKeysAreEscapedInPaths() {
    String changed =
        DEPLOYMENT.replace(
            "    tier: backend\n", "    tier: backend\n    app.kubernetes.io/name: api\n    odd~key: x\n");

    List<ResourceChange> changes = diff(DEPLOYMENT, changed);

    assertThat(changes)
        .extracting(ResourceChange::path)
        .containsExactly("metadata.labels.app~1kubernetes~1io/name", "metadata.labels.odd~0key");
  }

  @Test
  void stringAndNumberOfTheSameDigitsDiffer() {
    String before = DEPLOYMENT.replace("    tier: backend\n", "    tier: backend\n    rank: \"1\"\n");
    String after = DEPLOYMENT.replace("    tier: backend\n", "    tier: backend\n    rank: 1\n");

    assertThat(diff(before, after))
        .containsExactly(new ResourceChange(DEPLOYMENT_ID, "metadata.labels.rank", Op.replace, "1", 1));
  }

  @Test
  void pathsEscapeTildeBeforeDot() {
    assertThat(Paths.child("", "a.b~c")).isEqualTo("a~1b~0c");
    assertThat(Paths.child("metadata", "x~1")).isEqualTo("metadata.x~01");
    assertThat(Paths.child("list", 3)).isEqualTo("list.3");
    assertThat(Paths.child("", 0)).isEqualTo("0");
  }

  private static List<ResourceChange> diff(String from, String to) {
    return StructuralDiff.between(KubernetesYaml.parse(from), KubernetesYaml.parse(to));
  }
}
