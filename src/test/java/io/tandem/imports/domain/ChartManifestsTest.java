package io.tandem.imports.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.error.TandemException;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ChartManifestsTest {

  static final String CRDS = """
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata:
        name: gadgets.example.com
      spec:
        group: example.com
        scope: Cluster
        names: {kind: Gadget, plural: gadgets}
      ---
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata:
        name: widgets.example.com
      spec:
        group: example.com
        scope: Namespaced
        names: {kind: Widget, plural: widgets}
      """;

  static final String MANIFESTS = """
      ---
      # Source: shop/templates/sa.yaml
      apiVersion: v1
      kind: ServiceAccount
      metadata:
        name: web
      ---
      # Source: shop/templates/empty.yaml
      # nothing rendered here
      ---
      # Source: shop/templates/crd.yaml
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata:
        name: things.example.com
      spec:
        group: example.com
        scope: Namespaced
        names: {kind: Thing, plural: things}
      ---
      # Source: shop/templates/deployment.yaml
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web  # the app
        labels: {app: web}
      spec:
        replicas: 2
      ---
      # Source: shop/templates/elsewhere.yaml
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: settings
        namespace: elsewhere
      ---
      # Source: shop/templates/gadget.yaml
      apiVersion: example.com/v1
      kind: Gadget
      metadata:
        name: big
      ---
      # Source: shop/templates/role.yaml
      apiVersion: rbac.authorization.k8s.io/v1
      kind: ClusterRole
      metadata:
        name: web-reader
      """;

  static final RenderedChart RENDERED = new RenderedChart(new ChartMetadata("shop", "1.0.0", "1.27"), CRDS, MANIFESTS);

  static List<String> names(List<ChartManifests.Document> documents) {
    return documents.stream().map(document -> document.resource().name()).toList();
  }

  @Test
  void crdsComeFirstThenTheRestInHelmsOrderAndEmptyTemplatesAreLeftOut() {
    List<ChartManifests.Document> documents = ChartManifests.documents(RENDERED, null);

    assertThat(names(documents)).containsExactly("gadgets.example.com", "widgets.example.com", "things.example.com",
        "web", "web", "settings", "big", "web-reader");
  }

  @Test
  void namespacedObjectsWithoutANamespaceGetTheReleasesAndTheRestStayAsRendered() {
    List<ChartManifests.Document> documents = ChartManifests.documents(RENDERED, "shop");

    assertThat(documents).extracting(document -> document.resource().kind() + "/" + document.resource().namespace())
        .containsExactly("CustomResourceDefinition/null", "CustomResourceDefinition/null", "CustomResourceDefinition/null",
            "ServiceAccount/shop", "Deployment/shop", "ConfigMap/elsewhere",
            "Gadget/null", // its CRD says scope Cluster
            "ClusterRole/null");
    String deployment = documents.get(4).text();
    assertThat(deployment).contains("# Source: shop/templates/deployment.yaml", "name: web  # the app", "namespace: shop");
  }

  @Test
  void oneUnitForTheChartOrOnePerKindCrdsFirst() {
    List<ChartManifests.Document> documents = ChartManifests.documents(RENDERED, null);

    List<RenderParts.Part> whole = RenderParts.plan(documents, "helm", "web", GroupBy.chart, List.of(), Set.of());
    assertThat(whole).singleElement().satisfies(unit -> {
      assertThat(unit.slug()).isEqualTo("web");
      assertThat(unit.group().key()).isEmpty();
      assertThat(unit.documents()).hasSize(8);
      assertThat(ChartManifests.data(unit.documents())).startsWith("apiVersion: apiextensions.k8s.io/v1")
          .contains("---\n# Source: shop/templates/sa.yaml");
    });

    List<RenderParts.Part> byKind = RenderParts.plan(documents, "helm", "web", GroupBy.kind, List.of(), Set.of());
    assertThat(byKind).extracting(RenderParts.Part::slug).containsExactly("web-customresourcedefinition",
        "web-serviceaccount", "web-deployment", "web-configmap", "web-gadget", "web-clusterrole");
    assertThat(byKind.get(0).documents()).extracting(document -> document.resource().name())
        .containsExactly("gadgets.example.com", "widgets.example.com", "things.example.com");
    assertThat(byKind.get(2).group().key()).isEqualTo("Deployment");
  }

  @Test
  void somethingThatIsNotAKubernetesObjectIsRefused() {
    RenderedChart broken = new RenderedChart(RENDERED.chart(), "", "---\nkind: ConfigMap\nmetadata: {name: x}\n");

    assertThatThrownBy(() -> ChartManifests.documents(broken, null)).isInstanceOfSatisfying(TandemException.class,
        e -> assertThat(e.getMessage()).contains("not a Kubernetes object", "apiVersion"));
  }
}
