package io.tandem.targets.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.common.yaml.KubernetesYaml;
import io.tandem.common.yaml.ObjectKey;
import io.tandem.support.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterApplierKeysTest {

  static final String MIXED = """
      apiVersion: v1
      kind: Namespace
      metadata:
        name: shop
      ---
      apiVersion: rbac.authorization.k8s.io/v1
      kind: ClusterRole
      metadata:
        name: reader
      ---
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata:
        name: widgets.example.com
      ---
      apiVersion: example.com/v1
      kind: Widget
      metadata:
        name: blue
      ---
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: settings
        namespace: elsewhere
      ---
      apiVersion: storage.k8s.io/v1
      kind: StorageClass
      metadata:
        name: fast
      ---
      apiVersion: networking.k8s.io/v1
      kind: Ingress
      metadata:
        name: front
      """;

  @Test
  void keysNameTheObjectsAsTheirModelClassesDefaultTheirNamespace() {
    for (String data : List.of(MIXED, Fixtures.paymentService())) {
      for (String defaultNamespace : new String[] {"team-a", null}) {
        // what an apply sends, each object read into its model class (in apply order)
        List<ObjectKey> applied = ClusterApplier.objects(data, defaultNamespace).stream().map(ClusterApplier::keyOf).toList();

        assertThat(ClusterApplier.keys(data, defaultNamespace)).hasSize(KubernetesYaml.parse(data).size())
            .containsExactlyInAnyOrderElementsOf(applied);
      }
    }
  }

  @Test
  void clusterScopedKindsGetNoNamespaceAndNamespacedOnesTheTargetsOrTheirOwn() {
    assertThat(ClusterApplier.keys(MIXED, "team-a")).extracting(ObjectKey::toString).containsExactly(
        "Namespace shop",
        "rbac.authorization.k8s.io/ClusterRole reader",
        "apiextensions.k8s.io/CustomResourceDefinition widgets.example.com",
        "example.com/Widget blue", // a kind without a model class, as the apply reads it too
        "ConfigMap elsewhere/settings",
        "storage.k8s.io/StorageClass fast",
        "networking.k8s.io/Ingress team-a/front");
  }
}
