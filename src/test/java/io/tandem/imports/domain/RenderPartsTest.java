package io.tandem.imports.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.common.yaml.ParsedContent;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class RenderPartsTest {

  static final String SOURCE = "git file:///shop.git deploy";

  static String object(String kind, String name, String app) {
    return "apiVersion: v1\nkind: " + kind + "\nmetadata:\n  name: " + name + "\n  namespace: shop\n"
        + (app == null ? "" : "  labels:\n    app: " + app + "\n");
  }

  static List<ChartManifests.Document> rendering(String... objects) {
    return ChartManifests.parse(String.join("---\n", objects));
  }

  static Map<String, List<String>> units(List<RenderParts.Part> parts) {
    return parts.stream().collect(Collectors.toMap(RenderParts.Part::slug,
        part -> part.documents().stream().map(document -> document.resource().name()).toList()));
  }

  static RenderParts.Holder holder(RenderParts.Part part) {
    return RenderParts.Holder.of(part.slug(), part.group(), ParsedContent.parse(ChartManifests.data(part.documents())));
  }

  @Test
  void eachAppIsAUnitAndObjectsWithoutTheLabelGoToTheAppTheirNameCarries() {
    List<RenderParts.Part> parts = RenderParts.plan(rendering(object("Service", "cart", "cart"),
        object("ServiceAccount", "cart", null), object("ConfigMap", "cart-config", null),
        object("Service", "checkout", "checkout"), object("ConfigMap", "shop-settings", null)),
        SOURCE, "deploy", GroupBy.app, List.of(), Set.of());

    assertThat(units(parts)).isEqualTo(Map.of("cart", List.of("cart", "cart", "cart-config"),
        "checkout", List.of("checkout"), "deploy", List.of("shop-settings")));
    assertThat(parts).extracting(part -> part.group().key()).containsExactly("cart", "checkout", "");
  }

  @Test
  void aRenderingOfOneAppIsOneUnitNamedAfterIt() {
    List<RenderParts.Part> parts = RenderParts.plan(rendering(object("Service", "web", "shop"),
        object("ConfigMap", "web-shop-greeting", null), object("ConfigMap", "web-cache", null)),
        SOURCE, "web", GroupBy.app, List.of(), Set.of());

    assertThat(units(parts)).isEqualTo(Map.of("web", List.of("web", "web-shop-greeting", "web-cache")));
    assertThat(parts.get(0).group().key()).isEmpty();
  }

  @Test
  void aNameTakenByAnotherUnitOfTheSpaceMovesTheGroupToItsLongerName() {
    List<RenderParts.Part> parts = RenderParts.plan(rendering(object("Service", "cart", "cart"),
        object("Service", "web", "web")), SOURCE, "deploy", GroupBy.app, List.of(), Set.of("cart", "deploy"));

    assertThat(units(parts).keySet()).containsExactlyInAnyOrder("deploy-cart", "web");
  }

  @Test
  void byKindNamespaceAndObject() {
    List<ChartManifests.Document> rendering = rendering(object("Service", "cart", "cart"),
        object("Service", "web", "web"), object("ConfigMap", "web", "web"));

    assertThat(units(RenderParts.plan(rendering, SOURCE, "deploy", GroupBy.kind, List.of(), Set.of())))
        .isEqualTo(Map.of("deploy-service", List.of("cart", "web"), "deploy-configmap", List.of("web")));
    assertThat(units(RenderParts.plan(rendering, SOURCE, "deploy", GroupBy.namespace, List.of(), Set.of())))
        .isEqualTo(Map.of("deploy", List.of("cart", "web", "web")));
    assertThat(units(RenderParts.plan(rendering, SOURCE, "deploy", GroupBy.object, List.of(), Set.of())).keySet())
        .containsExactlyInAnyOrder("cart", "web-service", "web-configmap");
    assertThat(units(RenderParts.plan(rendering, SOURCE, "deploy", GroupBy.chart, List.of(), Set.of())))
        .isEqualTo(Map.of("deploy", List.of("cart", "web", "web")));
  }

  @Test
  void aReRenderKeepsEachObjectInItsUnitAndGivesNewOnesToTheirAppsUnit() {
    List<RenderParts.Part> first = RenderParts.plan(rendering(object("Service", "cart", "cart"),
        object("Service", "web", "web"), object("Namespace", "shop", null)),
        SOURCE, "deploy", GroupBy.app, List.of(), Set.of());
    List<RenderParts.Holder> holders = first.stream().map(RenderPartsTest::holder).toList();
    // the cart Service is relabelled web, a web worker and an unlabelled Secret are new
    List<ChartManifests.Document> second = rendering(object("Service", "cart", "web"), object("Service", "web", "web"),
        object("Deployment", "web-worker", "web"), object("Namespace", "shop", null), object("Secret", "token", null));

    Map<String, List<String>> parts = holders.stream().collect(Collectors.toMap(RenderParts.Holder::slug,
        self -> RenderParts.part(second, self, holders).stream().map(document -> document.resource().name()).toList()));

    assertThat(parts).isEqualTo(Map.of("cart", List.of("cart"), "web", List.of("web", "web-worker"),
        "deploy", List.of("shop", "token")));
    assertThat(units(RenderParts.plan(second, SOURCE, "deploy", RenderParts.by(null, holders), holders,
        Set.of("cart", "web", "deploy")))).isEqualTo(parts);
  }

  @Test
  void anImportAgainKeepsTheGroupingItWasMadeWithAndMakesUnitsForNewApps() {
    List<RenderParts.Part> first = RenderParts.plan(rendering(object("Service", "cart", "cart"),
        object("Service", "web", "web")), SOURCE, "deploy", GroupBy.kind, List.of(), Set.of());
    List<RenderParts.Holder> holders = first.stream().map(RenderPartsTest::holder).toList();
    assertThat(RenderParts.by(null, holders)).isEqualTo(GroupBy.kind);

    List<RenderParts.Part> again = RenderParts.plan(rendering(object("Service", "cart", "cart"),
        object("Deployment", "cart", "cart")), SOURCE, "deploy", GroupBy.kind, holders, Set.of("deploy-service"));
    assertThat(units(again)).isEqualTo(Map.of("deploy-service", List.of("cart"), "deploy-deployment", List.of("cart")));
  }

  @Test
  void aNewObjectOfTheAppAWholeRenderingHoldsJoinsItOnImportAgainAndOnUpgrade() {
    List<RenderParts.Part> first = RenderParts.plan(rendering(object("Service", "web", "shop"),
        object("ConfigMap", "web-cache", null)), SOURCE, "web", GroupBy.app, List.of(), Set.of());
    List<RenderParts.Holder> holders = first.stream().map(RenderPartsTest::holder).toList();
    List<ChartManifests.Document> second = rendering(object("Service", "web", "shop"),
        object("ConfigMap", "web-cache", null), object("Deployment", "web-worker", "shop"),
        object("Service", "cart", "cart"));

    assertThat(units(RenderParts.plan(second, SOURCE, "web", RenderParts.by(null, holders), holders, Set.of("web"))))
        .isEqualTo(Map.of("web", List.of("web", "web-cache", "web-worker"), "cart", List.of("cart")));
    assertThat(RenderParts.part(second, holders.get(0), holders)).extracting(document -> document.resource().name())
        .containsExactly("web", "web-cache", "web-worker", "cart");
  }
}
