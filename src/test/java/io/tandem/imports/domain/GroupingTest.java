package io.tandem.imports.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GroupingTest {

  static ImportObject object(String kind, String namespace, String name, String app) {
    Map<String, Object> metadata = new LinkedHashMap<>();
    metadata.put("name", name);
    metadata.put("namespace", namespace);
    if (app != null) {
      metadata.put("labels", Map.of("app.kubernetes.io/name", app));
    }
    Map<String, Object> live = Map.of("apiVersion", kind.equals("Deployment") ? "apps/v1" : "v1", "kind", kind,
        "metadata", metadata);
    return ImportObject.of(live, live);
  }

  static Map<String, List<String>> named(List<Grouping.Unit> units) {
    Map<String, List<String>> named = new LinkedHashMap<>();
    units.forEach(unit -> named.put(unit.slug() == null ? "failed: " + unit.failure() : unit.slug(),
        unit.objects().stream().map(object -> object.kind() + " " + object.namespace() + "/" + object.name()).toList()));
    return named;
  }

  @Test
  void oneUnitPerAppNamedAfterItAndAfterItsNamespaceWhereTheAppIsInSeveral() {
    List<Grouping.Unit> units = Grouping.units(List.of(
        object("Deployment", "shop", "web", "web"), object("Service", "shop", "web", "web"),
        object("Deployment", "billing", "web", "web"), object("Deployment", "billing", "ledger", "ledger"),
        object("ConfigMap", "billing", "loose", null)), Grouping.By.app, Set.of());

    assertThat(named(units)).containsExactly(
        Map.entry("billing-web", List.of("Deployment billing/web")),
        Map.entry("ledger", List.of("Deployment billing/ledger")),
        Map.entry("loose", List.of("ConfigMap billing/loose")),
        Map.entry("shop-web", List.of("Service shop/web", "Deployment shop/web")));
  }

  @Test
  void aNameThatAUnitOfTheSpaceHasMovesOnAndObjectsOfOneNameGetTheirKind() {
    assertThat(named(Grouping.units(List.of(object("Deployment", "shop", "web", "web")), Grouping.By.app, Set.of("web"))))
        .containsOnlyKeys("shop-web");
    assertThat(named(Grouping.units(List.of(object("Deployment", "shop", "web", null), object("Service", "shop", "web", null)),
        Grouping.By.object, Set.of()))).containsOnlyKeys("web-deployment", "web-service");
    assertThat(named(Grouping.units(List.of(object("Deployment", "shop", "web", "x"), object("Deployment", "billing", "web", "y")),
        Grouping.By.namespace, Set.of()))).containsOnlyKeys("billing", "shop");
  }

  @Test
  void aGroupWithEveryNameTakenFailsAndSaysWhy() {
    List<Grouping.Unit> units = Grouping.units(List.of(object("Deployment", "shop", "web", "web")), Grouping.By.app,
        Set.of("web", "shop-web"));

    assertThat(units).singleElement().satisfies(unit -> {
      assertThat(unit.slug()).isNull();
      assertThat(unit.failure()).isEqualTo("No free unit name: web, shop-web are units of the space already.");
    });
  }

  @Test
  void theNamesDoNotDependOnTheOrderTheObjectsCameIn() {
    List<ImportObject> objects = List.of(object("Deployment", "a", "web", "web"), object("Deployment", "b", "web", "web"),
        object("Deployment", "b", "api", "api"));

    List<ImportObject> reversed = new java.util.ArrayList<>(objects);
    java.util.Collections.reverse(reversed);

    assertThat(named(Grouping.units(reversed, Grouping.By.app, Set.of())))
        .isEqualTo(named(Grouping.units(objects, Grouping.By.app, Set.of())));
  }
}
