package io.tandem.imports;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.common.hash.ContentHash;
import io.tandem.imports.domain.ChartRenderer;
import io.tandem.support.Api;
import io.tandem.support.ChartServer;
import io.tandem.support.ProblemAssert;
import io.tandem.support.TandemIT;
import io.tandem.support.TestCharts;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** A chart the tests build themselves, imported offline into units, and upgraded to its second version. */
@TandemIT
class HelmImportIT {

  @LocalServerPort int port;
  @Autowired ChartRenderer renderer;
  Api api;
  String space;

  @BeforeEach
  void setUp() {
    Assumptions.assumeTrue(renderer.unavailable().isEmpty(),
        () -> "Skipped: Helm does not load on this platform: " + renderer.unavailable().orElse(""));
    api = new Api(port);
    space = Api.uniqueSlug("charts");
    api.post("/api/v1/spaces", Map.of("slug", space));
  }

  String units() {
    return "/api/v1/spaces/" + space + "/units";
  }

  JsonNode importing(Map<String, Object> body) {
    Api.Response response = api.post("/api/v1/spaces/" + space + "/imports", body);
    assertThat(response.status()).as(response.body()).isEqualTo(200);
    return response.json();
  }

  static Map<String, Object> helm(Object chart, Object... more) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("source", "helm");
    body.put("chart", chart);
    for (int i = 0; i + 1 < more.length; i += 2) {
      body.put((String) more[i], more[i + 1]);
    }
    return body;
  }

  static List<String> objects(JsonNode unit) {
    List<String> objects = new ArrayList<>();
    unit.path("objects").forEach(object -> objects.add(object.path("kind").asString() + "/" + object.path("name").asString()));
    return objects;
  }

  @Test
  void aChartIsRenderedOfflineIntoOneUnitCrdsFirstWithItsHelperValuesAndDependency() {
    JsonNode report = importing(helm(TestCharts.base64("1.0.0"), "release", "web", "namespace", "shop",
        "values", "greeting: bonjour\n", "target", "sandbox"));

    assertThat(report.path("source").asString()).isEqualTo("helm");
    assertThat(report.path("chart").path("name").asString()).isEqualTo("shop");
    assertThat(report.path("chart").path("version").asString()).isEqualTo("1.0.0");
    assertThat(report.path("chart").path("appVersion").asString()).isEqualTo("1.27");
    assertThat(report.path("summary").path("created").asInt()).isEqualTo(1);
    JsonNode unit = report.path("units").get(0);
    assertThat(unit.path("unit").asString()).isEqualTo("web");
    assertThat(unit.path("outcome").asString()).isEqualTo("Created");
    assertThat(objects(unit)).containsExactly("CustomResourceDefinition/widgets.shop.example.com",
        "ConfigMap/web-cache", "ConfigMap/web-shop-greeting", "Deployment/web-shop");

    String data = api.get(units() + "/web/data").body();
    assertThat(data).startsWith("apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition")
        .contains("name: web-shop", "app.kubernetes.io/instance: web") // the helper
        .contains("greeting: \"bonjour\"", "replicas: 2", "image: \"nginx:1.27\"") // values given, and the chart's
        .contains("name: web-cache", "size: \"64Mi\"") // the dependency
        .contains("namespace: shop")
        .contains("# Source: shop/templates/deployment.yaml");
    JsonNode created = api.get(units() + "/web").json();
    assertThat(created.path("target").asString()).isEqualTo("sandbox");
    assertThat(api.get(units() + "/web/revisions/1").json().path("source").asString()).isEqualTo("Import");
    assertThat(api.get(units() + "/web/revisions/1").json().path("description").asString()).contains("chart shop 1.0.0");
  }

  @Test
  void aDryRunListsTheUnitsAndObjectsAndCreatesNothing() {
    JsonNode report = importing(helm(TestCharts.base64("1.0.0"), "release", "web", "dryRun", true, "split", "kind"));

    assertThat(report.path("dryRun").asBoolean()).isTrue();
    List<String> planned = new ArrayList<>();
    report.path("units").forEach(unit -> planned.add(unit.path("unit").asString() + ":" + unit.path("outcome").asString()));
    assertThat(planned).containsExactly("web-customresourcedefinition:Planned", "web-configmap:Planned", "web-deployment:Planned");
    assertThat(objects(report.path("units").get(1))).containsExactly("ConfigMap/web-cache", "ConfigMap/web-shop-greeting");
    assertThat(api.get(units()).json().path("items").size()).isZero();
  }

  @Test
  void oneUnitPerKindWhenAskedEachUpgradedOnItsOwn() {
    importing(helm(TestCharts.base64("1.0.0"), "release", "web", "split", "kind"));

    assertThat(api.get(units() + "/web-customresourcedefinition/data").body()).contains("widgets.shop.example.com")
        .doesNotContain("kind: Deployment");
    assertThat(api.get(units() + "/web-deployment/data").body()).contains("kind: Deployment").doesNotContain("ConfigMap");

    Api.Response upgraded = api.post(units() + "/web-deployment/upgrade", Map.of("chart", TestCharts.base64("2.0.0")));
    assertThat(upgraded.status()).as(upgraded.body()).isEqualTo(200);
    assertThat(api.get(units() + "/web-deployment/data").body()).contains("nginx:1.28").doesNotContain("ConfigMap");
    assertThat(api.get(units() + "/web-configmap").json().path("headRevisionNum").asInt()).isEqualTo(1);
  }

  @Test
  void anUpgradeKeepsTheTeamsReplicasAndTakesTheChartsNewImage() {
    importing(helm(TestCharts.base64("1.0.0"), "release", "web"));
    String data = api.get(units() + "/web/data").body();
    assertThat(api.putYaml(units() + "/web/data", data.replace("replicas: 2", "replicas: 5  # more for the sale")).status())
        .isEqualTo(200);

    Api.Response upgraded = api.post(units() + "/web/upgrade", Map.of("chart", TestCharts.base64("2.0.0")));

    assertThat(upgraded.status()).as(upgraded.body()).isEqualTo(200);
    JsonNode result = upgraded.json();
    assertThat(result.path("fromChart").path("version").asString()).isEqualTo("1.0.0");
    assertThat(result.path("toChart").path("version").asString()).isEqualTo("2.0.0");
    assertThat(result.path("toChart").path("appVersion").asString()).isEqualTo("1.28");
    assertThat(result.path("changesApplied").asInt()).isPositive();
    assertThat(result.path("conflicts").size()).isZero();
    assertThat(result.path("headRevisionNum").asInt()).isEqualTo(3);
    String after = api.get(units() + "/web/data").body();
    assertThat(after).contains("replicas: 5  # more for the sale", "image: \"nginx:1.28\"", "shop.example.com/generation: '2'");
    JsonNode revision = api.get(units() + "/web/revisions/3").json();
    assertThat(revision.path("source").asString()).isEqualTo("Upgrade");
    assertThat(revision.path("description").asString()).contains("1.0.0", "2.0.0");

    Api.Response again = api.post(units() + "/web/upgrade", null);
    assertThat(again.status()).as(again.body()).isEqualTo(200);
    assertThat(again.json().path("changesApplied").asInt()).isZero();
    assertThat(again.json().path("headRevisionNum").asInt()).isEqualTo(3);
  }

  @Test
  void newValuesAloneRenderTheSameChartAgain() {
    importing(helm(TestCharts.base64("1.0.0"), "release", "web", "values", "greeting: hello\n"));

    Api.Response upgraded = api.post(units() + "/web/upgrade", Map.of("values", "greeting: hi there\n"));

    assertThat(upgraded.status()).as(upgraded.body()).isEqualTo(200);
    assertThat(upgraded.json().path("toChart").path("version").asString()).isEqualTo("1.0.0");
    assertThat(api.get(units() + "/web/data").body()).contains("greeting: \"hi there\"", "nginx:1.27");
  }

  @Test
  void aValueBothSidesChangedIsAConflictNamingThePathAndChangesNothing() {
    importing(helm(TestCharts.base64("1.0.0"), "release", "web"));
    String edited = api.get(units() + "/web/data").body().replace("replicas: 2", "replicas: 5");
    api.putYaml(units() + "/web/data", edited);

    Api.Response refused = api.post(units() + "/web/upgrade", Map.of("chart", TestCharts.base64("2.0.0"), "values", "replicas: 3\n"));

    ProblemAssert.assertProblem(refused, 409, "conflict", "spec.replicas");
    JsonNode conflict = refused.json().path("conflicts").get(0);
    assertThat(conflict.path("path").asString()).isEqualTo("spec.replicas");
    assertThat(conflict.path("resource").asString()).isEqualTo("apps/v1/Deployment//web-shop");
    assertThat(conflict.path("upstream").asInt()).isEqualTo(3);
    assertThat(conflict.path("downstream").asInt()).isEqualTo(5);
    assertThat(api.get(units() + "/web").json().path("headRevisionNum").asInt()).isEqualTo(2);
    assertThat(api.get(units() + "/web/data").body()).isEqualTo(edited);

    Api.Response decided = api.post(units() + "/web/upgrade?strategy=downstreamWins",
        Map.of("chart", TestCharts.base64("2.0.0"), "values", "replicas: 3\n"));
    assertThat(decided.status()).as(decided.body()).isEqualTo(200);
    assertThat(api.get(units() + "/web/data").body()).contains("replicas: 5", "nginx:1.28");
  }

  @Test
  void aChartOfAnHttpRepositoryTheNewestReleaseOrAVersionAndAnotherVersionByUpgrade() {
    byte[] one = TestCharts.packed("1.0.0");
    byte[] two = TestCharts.packed("2.0.0");
    String index = """
        apiVersion: v1
        entries:
          shop:
            - name: shop
              version: 3.0.0-rc.1
              urls: [shop-3.0.0-rc.1.tgz]
            - name: shop
              version: 2.0.0
              urls: [shop-2.0.0.tgz]
              digest: %s
            - name: shop
              version: 1.0.0
              urls: ["%s/charts/shop-1.0.0.tgz"]
              digest: %s
        """;
    try (ChartServer repository = new ChartServer()) {
      repository.on("/charts/index.yaml", index.formatted(ContentHash.sha256Hex(two), repository.url(),
              ContentHash.sha256Hex(one)).getBytes(StandardCharsets.UTF_8))
          .on("/charts/shop-1.0.0.tgz", one)
          .on("/charts/shop-2.0.0.tgz", two);
      String repo = repository.url() + "/charts/";

      JsonNode newest = importing(helm(Map.of("repo", repo, "name", "shop"), "release", "latest"));
      assertThat(newest.path("chart").path("version").asString()).isEqualTo("2.0.0");

      importing(helm(Map.of("repo", repo, "name", "shop", "version", "1.0.0"), "release", "web"));
      assertThat(api.get(units() + "/web/data").body()).contains("nginx:1.27");
      Api.Response upgraded = api.post(units() + "/web/upgrade", Map.of("version", "2.0.0"));
      assertThat(upgraded.status()).as(upgraded.body()).isEqualTo(200);
      assertThat(api.get(units() + "/web/data").body()).contains("nginx:1.28");

      String imports = "/api/v1/spaces/" + space + "/imports";
      ProblemAssert.assertProblem(api.post(imports, helm(Map.of("repo", repo, "name", "shop", "version", "9.9.9"))),
          400, "validation-failed", "no version 9.9.9 of 'shop'; it has 3.0.0-rc.1, 2.0.0, 1.0.0");
      ProblemAssert.assertProblem(api.post(imports, helm(Map.of("repo", repo, "name", "cart"))),
          400, "validation-failed", "has no chart 'cart'");
      repository.on("/charts/shop-2.0.0.tgz", one);
      ProblemAssert.assertProblem(api.post(imports, helm(Map.of("repo", repo, "name", "shop"), "release", "other")),
          502, "chart-source-failed", "digest");
    }
    ProblemAssert.assertProblem(api.post("/api/v1/spaces/" + space + "/imports",
        helm(Map.of("repo", "http://127.0.0.1:1/charts", "name", "shop"))), 502, "chart-source-failed", "Cannot fetch");
    assertThat(api.get(units()).json().path("items").size()).isEqualTo(2);
  }

  @Test
  void badRequestsAreProblemsAndChangeNothing() {
    String imports = "/api/v1/spaces/" + space + "/imports";
    ProblemAssert.assertProblem(api.post(imports, helm("not base64 at all!")), 400, "validation-failed", "base64");
    ProblemAssert.assertProblem(api.post(imports, helm("aGVsbG8=")), 400, "validation-failed", ".tgz");
    ProblemAssert.assertProblem(api.post(imports, helm(java.util.Base64.getEncoder().encodeToString(
        TestCharts.tgz("things", Map.of("notes.txt", "hello\n"))))), 400, "validation-failed", "Chart.yaml");
    ProblemAssert.assertProblem(api.post(imports, helm(TestCharts.base64("1.0.0"), "values", "replicas: [3")),
        400, "validation-failed", "'values' is not YAML");
    ProblemAssert.assertProblem(api.post(imports, helm(TestCharts.base64("1.0.0"), "values", "- 3\n")),
        400, "validation-failed", "mapping");
    ProblemAssert.assertProblem(api.post(imports, helm(Map.of("repo", "https://charts.example.com", "nme", "shop"))),
        400, "validation-failed", "chart.nme");
    ProblemAssert.assertProblem(api.post(imports, helm(TestCharts.base64("1.0.0"), "split", "file")),
        400, "validation-failed", "split");
    ProblemAssert.assertProblem(api.post(imports, helm(TestCharts.base64("1.0.0"), "release", "Web_1")),
        400, "validation-failed", "release");
    ProblemAssert.assertProblem(api.post(imports, helm(null)), 400, "validation-failed", "'chart' is required");
    ProblemAssert.assertProblem(api.post(imports, Map.of("source", "svn", "url", "x")), 400, "validation-failed", "source");
    assertThat(api.get(units()).json().path("items").size()).isZero();

    api.post(units(), Map.of("slug", "plain", "data", ""));
    ProblemAssert.assertProblem(api.post(units() + "/plain/upgrade", Map.of("values", "replicas: 3\n")),
        400, "validation-failed", "not made from a Helm chart");
  }

  /** A chart that looks a ConfigMap up in "the cluster" and writes down what it found. */
  static String lookingUp() {
    return java.util.Base64.getEncoder().encodeToString(TestCharts.tgz("probe", Map.of(
        "Chart.yaml", "apiVersion: v2\nname: probe\nversion: 0.1.0\n",
        "templates/found.yaml", """
            apiVersion: v1
            kind: ConfigMap
            metadata:
              name: found
            data:
              found: {{ lookup "v1" "ConfigMap" "default" "probe" | toJson | quote }}
            """)));
  }

  /**
   * Whatever listens on the server's loopback port 8080 (where Kubernetes clients go without a kubeconfig) is never
   * asked: a chart's lookup finds nothing, and neither what it would answer nor its error reaches the unit or a problem.
   */
  @Test
  void aChartsLookupFindsNothingAndAsksNothingOnTheServersLoopback() throws Exception {
    String marker = "MARKER-local-api-5d1c";
    java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
    java.util.concurrent.atomic.AtomicBoolean failing = new java.util.concurrent.atomic.AtomicBoolean();
    com.sun.net.httpserver.HttpServer local;
    try {
      local = com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 8080), 0);
    } catch (java.net.BindException e) {
      Assumptions.abort("Skipped: port 8080 of loopback is in use here");
      return;
    }
    local.createContext("/", exchange -> {
      calls.incrementAndGet();
      String path = exchange.getRequestURI().getPath();
      String body = failing.get() ? marker
          : path.equals("/api/v1") ? "{\"kind\":\"APIResourceList\",\"groupVersion\":\"v1\",\"resources\":[{\"name\":"
              + "\"configmaps\",\"singularName\":\"configmap\",\"namespaced\":true,\"kind\":\"ConfigMap\",\"verbs\":[\"get\"]}]}"
          : "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"probe\",\"namespace\":\"default\"},"
              + "\"data\":{\"token\":\"" + marker + "\"}}";
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      exchange.sendResponseHeaders(failing.get() ? 500 : 200, bytes.length);
      exchange.getResponseBody().write(bytes);
      exchange.close();
    });
    local.start();
    try {
      JsonNode report = importing(helm(lookingUp(), "release", "probe"));
      String data = api.get(units() + "/" + report.path("units").get(0).path("unit").asString()).json().path("data").asString();
      assertThat(data).containsPattern("found: [\"']\\{}[\"']").doesNotContain(marker);

      failing.set(true);
      Api.Response again = api.post("/api/v1/spaces/" + space + "/imports", helm(lookingUp(), "release", "probe2"));
      assertThat(again.status()).as(again.body()).isEqualTo(200);
      assertThat(again.body()).doesNotContain(marker);
      assertThat(calls.get()).isZero();
    } finally {
      local.stop(0);
    }
  }
}
