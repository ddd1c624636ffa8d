package io.tandem.query;

import static io.tandem.support.ProblemAssert.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.TandemIT;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

@TandemIT
class WhereIT {

  @LocalServerPort int port;
  Api api;
  String space;
  String units;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = Api.uniqueSlug("where");
    api.post("/api/v1/spaces", Map.of("slug", space, "labels", Map.of("env", "prod")));
    units = "/api/v1/spaces/" + space + "/units";
    unit("cart", Map.of("tier", "backend", "team", "shop"), "sandbox");
    unit("frontend", Map.of("tier", "frontend"), null);
    unit("payment", Map.of("tier", "backend", "app.kubernetes.io/part-of", "shop"), "prod-east");
    api.putYaml(units + "/payment/data", Fixtures.paymentService().replace("replicas: 1", "replicas: 2"));
  }

  void unit(String slug, Map<String, String> labels, String target) {
    Map<String, Object> body = new java.util.HashMap<>(Map.of("slug", slug, "data", Fixtures.paymentService(), "labels", labels));
    if (target != null) {
      body.put("target", target);
    }
    assertThat(api.post(units, body).status()).isEqualTo(201);
  }

  List<String> slugs(String where) {
    Api.Response response = api.get(units + "?where=" + URLEncoder.encode(where, StandardCharsets.UTF_8));
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    return response.items().stream().map(item -> item.path("slug").asString()).toList();
  }

  @Test
  void unitListsFilterByLabelsCountersAndAttributes() {
    assertThat(slugs("Labels.tier = 'backend'")).containsExactly("cart", "payment");
    assertThat(slugs("Labels.tier = 'backend' AND Labels.team = 'shop'")).containsExactly("cart");
    assertThat(slugs("Labels.app.kubernetes.io/part-of = 'shop'")).containsExactly("payment");
    assertThat(slugs("Labels.team IS NULL")).containsExactly("frontend", "payment");
    assertThat(slugs("Labels.tier != 'backend'")).containsExactly("frontend");
    assertThat(slugs("HeadRevisionNum > 1")).containsExactly("payment");
    assertThat(slugs("HeadRevisionNum > LiveRevisionNum")).containsExactly("cart", "frontend", "payment");
    assertThat(slugs("Target IS NOT NULL AND Target LIKE 'prod-%'")).containsExactly("payment");
    assertThat(slugs("Slug IN ('cart', 'frontend', 'nope') AND Slug NOT IN ('frontend')")).containsExactly("cart");
    assertThat(slugs("DisplayName ILIKE 'CART'")).containsExactly("cart");
    assertThat(slugs("Drift = 'None' AND DriftMode = 'Report'")).containsExactly("cart", "frontend", "payment");
    assertThat(slugs("Space.Slug = '" + space + "' AND Space.Labels.env = 'prod'")).hasSize(3);
    assertThat(slugs("Space.Labels.env = 'dev'")).isEmpty();
    assertThat(slugs("CreatedAt < '2000-01-01T00:00:00Z'")).isEmpty();
    assertThat(slugs("UpdatedAt >= '2000-01-01T00:00:00Z'")).hasSize(3);
  }

  List<String> slugsWithData(String resourceType, String whereData) {
    String query = (resourceType == null ? "" : "&resourceType=" + URLEncoder.encode(resourceType, StandardCharsets.UTF_8))
        + (whereData == null ? "" : "&whereData=" + URLEncoder.encode(whereData, StandardCharsets.UTF_8));
    Api.Response response = api.get(units + "?limit=100" + query);
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    return response.items().stream().map(item -> item.path("slug").asString()).toList();
  }

  @Test
  void unitListsFilterByTheirConfiguration() {
    assertThat(slugsWithData("apps/v1/Deployment", "spec.replicas < 2")).containsExactly("cart", "frontend");
    assertThat(slugsWithData("apps/v1/Deployment", "spec.replicas >= 2 AND metadata.name = 'paymentservice'"))
        .containsExactly("payment");
    assertThat(slugsWithData(null, "spec.template.spec.containers.*.image LIKE '%:v0.10.2'")).hasSize(3);
    assertThat(slugsWithData(null, "spec.template.spec.containers.*.image LIKE '%:latest'")).isEmpty();
    assertThat(slugsWithData("v1/Service", "spec.ports.*.port IN (50051, 443)")).hasSize(3);
    assertThat(slugsWithData("v1/Service", "spec.replicas < 2")).isEmpty();
    assertThat(slugsWithData("v1/Service", "spec.clusterIP IS NULL")).hasSize(3);
    assertThat(slugsWithData("apps/v1/Deployment", "spec.replicas = '1'")).as("types are strict").isEmpty();
    assertThat(slugsWithData("apps/v1/StatefulSet", null)).isEmpty();
    assertThat(slugsWithData("apps/v1/Deployment", null)).hasSize(3);
    assertThat(api.get(units + "?where=" + URLEncoder.encode("Labels.tier = 'backend'", StandardCharsets.UTF_8)
        + "&whereData=" + URLEncoder.encode("spec.replicas = 1", StandardCharsets.UTF_8)).items())
        .extracting(item -> item.path("slug").asString()).containsExactly("cart");

    assertProblem(api.get(units + "?resourceType=Deployment"), 400, "invalid-argument", "resourceType");
    assertProblem(api.get(units + "?whereData=" + URLEncoder.encode("spec.replicas < spec.x", StandardCharsets.UTF_8)),
        400, "invalid-where", "character 1");
  }

  @Test
  void invokeSelectsByConfigurationToo() {
    Api.Response invoked = api.post("/api/v1/spaces/" + space + "/functions/invoke", Map.of(
        "resourceType", "apps/v1/Deployment", "whereData", "spec.replicas < 2",
        "functions", List.of(Map.of("name", "set-replicas", "args", List.of("2")))));

    assertThat(invoked.json().path("results").findValuesAsString("unit")).containsExactly("cart", "frontend");
    assertThat(slugsWithData("apps/v1/Deployment", "spec.replicas < 2")).isEmpty();
  }

  @Test
  void filteredListsPageThroughTheMatches() {
    Api.Response first = api.get(units + "?limit=1&where=" + URLEncoder.encode("Labels.tier = 'backend'", StandardCharsets.UTF_8));
    assertThat(first.items()).extracting(item -> item.path("slug").asString()).containsExactly("cart");
    String cursor = first.json().path("nextCursor").asString();
    Api.Response second = api.get(units + "?limit=1&cursor=" + cursor + "&where=" + URLEncoder.encode("Labels.tier = 'backend'", StandardCharsets.UTF_8));
    assertThat(second.items()).extracting(item -> item.path("slug").asString()).containsExactly("payment");
    assertThat(second.json().path("nextCursor").isNull()).isTrue();
  }

  @Test
  void spaceListsFilterToo() {
    String other = Api.uniqueSlug("where-other");
    api.post("/api/v1/spaces", Map.of("slug", other, "labels", Map.of("env", "dev")));

    Api.Response response = api.get("/api/v1/spaces?limit=1000&where=" + URLEncoder.encode(
        "Labels.env = 'dev' AND Slug LIKE 'where-other-%'", StandardCharsets.UTF_8));

    assertThat(response.items()).extracting(item -> item.path("slug").asString()).containsExactly(other);
  }

  @Test
  void invokeRunsOnTheUnitsTheWhereSelectsAndedWithNamedUnits() {
    Api.Response invoked = api.post("/api/v1/spaces/" + space + "/functions/invoke", Map.of(
        "where", "Labels.tier = 'backend'",
        "functions", List.of(Map.of("name", "set-replicas", "args", List.of("5")))));
    assertThat(invoked.json().path("results").findValuesAsString("unit")).containsExactly("cart", "payment");
    assertThat(api.get(units + "/frontend").json().path("headRevisionNum").asInt()).isEqualTo(1);

    Api.Response both = api.post("/api/v1/spaces/" + space + "/functions/invoke", Map.of(
        "units", List.of("payment", "frontend"), "where", "Labels.tier = 'backend'",
        "functions", List.of(Map.of("name", "get-replicas"))));
    assertThat(both.json().path("results").findValuesAsString("unit")).containsExactly("payment");
  }

  @Test
  void badWhereIsAClear400() {
    assertProblem(api.get(units + "?where=" + URLEncoder.encode("Tier = 'x'", StandardCharsets.UTF_8)),
        400, "invalid-where", "unknown attribute 'Tier'");
    assertProblem(api.get(units + "?where=" + URLEncoder.encode("HeadRevisionNum = 'x'", StandardCharsets.UTF_8)),
        400, "invalid-where", "character 19");
  }

  /** Thousands of random and hostile filters: each gives a result or a 400, never a 500 or a database error. */
  @Test
  void hostileFiltersNeverBreakTheServer() {
    Random random = new Random(7);
    String[] pieces = {"Slug", "Labels.tier", "Space.Labels.env", "HeadRevisionNum", "CreatedAt", "Target", " = ", " != ",
        " < ", " LIKE ", "spec.replicas", "spec.template.spec.containers.*.image", "metadata.labels.a~1b", "*", "0", " ILIKE ", " IN ", " NOT IN ", " IS ", " NOT ", " NULL ", " AND ", "'", "''", "'backend'", "'%'",
        "'\\'", "(", ")", ",", "1", "-1", "9223372036854775807", "true", ";", "--", "/*", "*/", "é", "😀", "\n", "$$",
        ":w0", "?", "'; drop table unit; --", "'2026-11-30T00:00:00Z'", "'" + "x".repeat(300) + "'"};
    for (int i = 0; i < 1500; i++) {
      StringBuilder where = new StringBuilder();
      int length = 1 + random.nextInt(10);
      for (int j = 0; j < length; j++) {
        where.append(pieces[random.nextInt(pieces.length)]);
      }
      String parameter = i % 2 == 0 ? "where" : "whereData";
      Api.Response response = api.get(units + "?" + parameter + "=" + URLEncoder.encode(where.toString(), StandardCharsets.UTF_8));
      assertThat(response.status()).as(where + " -> " + response).isIn(200, 400);
      if (response.status() == 400) {
        assertThat(response.code()).as(where.toString()).isIn("invalid-where", "invalid-argument");
      }
    }
    assertThat(api.get(units).items()).hasSize(3);
  }
}
