package io.tandem.imports;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.imports.domain.ChartRenderer;
import io.tandem.support.Api;
import io.tandem.support.GitRepos;
import io.tandem.support.Kubectl;
import io.tandem.support.ProblemAssert;
import io.tandem.support.TandemIT;
import io.tandem.support.TestCharts;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * A Kustomize folder listing several services, rendered with the real kubectl, and a chart of several apps: one unit
 * per app by default, the unlabelled objects with the app their name carries; a new commit and a chart upgrade keep
 * each object in its unit, a new object goes to its app's unit, and importing again changes nothing.
 */
@TandemIT
@TestPropertySource(properties = "tandem.data-dir=target/it-data-render-groups")
class RenderedImportGroupsIT {

  @LocalServerPort int port;
  @Autowired ChartRenderer renderer;
  Api api;
  String units;
  String space;

  @DynamicPropertySource
  static void kubectl(DynamicPropertyRegistry registry) {
    Kubectl.binary().ifPresent(kubectl -> registry.add("tandem.imports.kubectl", kubectl::toString));
  }

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = Api.uniqueSlug("groups");
    api.post("/api/v1/spaces", Map.of("slug", space));
    units = "/api/v1/spaces/" + space + "/units";
  }

  static String service(String app, String replicas) {
    return """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: %1$s
          labels: {app: %1$s}
        spec:
          replicas: %2$s
          selector:
            matchLabels: {app: %1$s}
          template:
            metadata:
              labels: {app: %1$s}
            spec:
              serviceAccountName: %1$s
              containers:
                - name: server
                  image: shop/%1$s:1.0
        ---
        apiVersion: v1
        kind: Service
        metadata:
          name: %1$s
          labels: {app: %1$s}
        spec:
          selector: {app: %1$s}
          ports:
            - port: 80
        ---
        apiVersion: v1
        kind: ServiceAccount
        metadata:
          name: %1$s
        """.formatted(app, replicas);
  }

  Map<String, String> unitsAndKinds() {
    Map<String, String> kinds = new TreeMap<>();
    api.get(units + "?include=data").json().path("items").forEach(unit -> kinds.put(unit.path("slug").asString(),
        String.join(",", unit.path("data").asString().lines().filter(line -> line.startsWith("kind: "))
            .map(line -> line.substring(6)).toList())));
    return kinds;
  }

  @Test
  void aKustomizeFolderOfThreeServicesIsThreeUnitsAndANewCommitKeepsEachObjectInItsUnit() {
    Assumptions.assumeTrue(Kubectl.binary().isPresent(),
        "Skipped: no kubectl (run server/sandbox/build-cluster.sh, or put kubectl on the PATH)");
    Map<String, String> files = new LinkedHashMap<>();
    files.put("shop/kustomization.yaml", "namespace: shop\nresources: [namespace.yaml, cart.yaml, checkout.yaml, web.yaml]\n");
    files.put("shop/namespace.yaml", "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n");
    for (String app : new String[] {"cart", "checkout", "web"}) {
      files.put("shop/" + app + ".yaml", service(app, "1"));
    }
    String url = GitRepos.withFiles("render-groups", files);
    Api.Response imported = api.post("/api/v1/spaces/" + space + "/imports", Map.of("url", url, "ref", "main", "watch", true));
    assertThat(imported.status()).as(imported.body()).isEqualTo(200);

    assertThat(unitsAndKinds()).isEqualTo(Map.of("cart", "ServiceAccount,Service,Deployment",
        "checkout", "ServiceAccount,Service,Deployment", "web", "ServiceAccount,Service,Deployment",
        "shop", "Namespace"));
    assertThat(api.get(units + "/cart/origin").json().path("layout").asString()).isEqualTo("kustomize");

    // cart scales up and gets a worker; checkout's Service is relabelled web, and stays checkout's
    files.put("shop/cart.yaml", service("cart", "3") + "---\n" + service("cart-worker", "1")
        .replace("labels: {app: cart-worker}", "labels: {app: cart}"));
    files.put("shop/checkout.yaml", service("checkout", "1").replace("  labels: {app: checkout}\nspec:\n  selector",
        "  labels: {app: web}\nspec:\n  selector"));
    GitRepos.commit(url, "main", files, "Cart scales and gets a worker", "kim");
    for (String unit : new String[] {"cart", "checkout", "web", "shop"}) {
      JsonNode synced = api.post(units + "/" + unit + "/origin/sync", null).json();
      assertThat(synced.path("outcome").asString()).as(unit + ": " + synced).isIn("Updated", "Unchanged");
    }

    String cart = api.get(units + "/cart/data").body();
    assertThat(cart).contains("replicas: 3", "name: cart-worker");
    assertThat(api.get(units + "/checkout/data").body()).contains("kind: Service", "app: web");
    assertThat(api.get(units + "/web/data").body()).doesNotContain("checkout");
    assertThat(unitsAndKinds()).containsEntry("shop", "Namespace").hasSize(4);

    Api.Response again = api.post("/api/v1/spaces/" + space + "/imports", Map.of("url", url, "ref", "main"));
    assertThat(again.status()).as(again.body()).isEqualTo(200);
    again.json().path("files").forEach(file ->
        assertThat(file.path("outcome").asString()).as(file.toString()).isEqualTo("Unchanged"));
  }

  static byte[] storefront(String version) {
    Map<String, String> files = new LinkedHashMap<>();
    files.put("Chart.yaml", "apiVersion: v2\nname: storefront\nversion: " + version + "\n");
    files.put("values.yaml", "image: \"1.0\"\n");
    files.put("templates/apps.yaml", """
        {{- range $app := list "cart" "web" }}
        ---
        apiVersion: v1
        kind: Service
        metadata:
          name: {{ $.Release.Name }}-{{ $app }}
          labels:
            app.kubernetes.io/name: {{ $app }}
        spec:
          ports:
            - port: 80
        ---
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: {{ $app }}-settings
        data:
          image: {{ $.Values.image | quote }}
        {{- end }}
        """ + (version.startsWith("2") ? """
        ---
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: web-banner
        data:
          text: sale
        """ : ""));
    return TestCharts.tgz("storefront", files);
  }

  static Map<String, Object> helm(byte[] chart, Object... more) {
    Map<String, Object> body = new LinkedHashMap<>(Map.of("source", "helm", "release", "shop",
        "chart", Base64.getEncoder().encodeToString(chart)));
    for (int i = 0; i + 1 < more.length; i += 2) {
      body.put((String) more[i], more[i + 1]);
    }
    return body;
  }

  @Test
  void aChartOfTwoAppsIsTwoUnitsAndAnUpgradeGivesEachItsPart() {
    Assumptions.assumeTrue(renderer.unavailable().isEmpty(),
        () -> "Skipped: Helm does not load on this platform: " + renderer.unavailable().orElse(""));
    Api.Response imported = api.post("/api/v1/spaces/" + space + "/imports", helm(storefront("1.0.0")));
    assertThat(imported.status()).as(imported.body()).isEqualTo(200);
    assertThat(unitsAndKinds()).isEqualTo(Map.of("cart", "ConfigMap,Service", "web", "ConfigMap,Service"));

    Api.Response upgraded = api.post(units + "/web/upgrade", Map.of("chart",
        Base64.getEncoder().encodeToString(storefront("2.0.0")), "values", "image: \"2.0\"\n"));
    assertThat(upgraded.status()).as(upgraded.body()).isEqualTo(200);
    assertThat(api.get(units + "/web/data").body()).contains("name: web-banner", "image: \"2.0\"")
        .doesNotContain("cart");
    assertThat(api.get(units + "/cart/data").body()).contains("image: \"1.0\"").doesNotContain("web");

    ProblemAssert.assertProblem(api.post("/api/v1/spaces/" + space + "/imports",
        helm(storefront("1.0.0"), "groupBy", "kind", "split", "kind")), 400, "validation-failed", "not both");
    ProblemAssert.assertProblem(api.post("/api/v1/spaces/" + space + "/imports",
        helm(storefront("1.0.0"), "groupBy", "team")), 400, "validation-failed", "'groupBy' must be");
  }
}
