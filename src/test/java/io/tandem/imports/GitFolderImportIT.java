package io.tandem.imports;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.imports.domain.ChartRenderer;
import io.tandem.support.Api;
import io.tandem.support.GitRepos;
import io.tandem.support.TandemIT;
import io.tandem.support.TestCharts;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A real repository with a chart folder, Kustomize folders and plain manifests: the chart is rendered into a unit;
 * without a kubectl configured (the tests' server has none) each Kustomize folder is reported as skipped, saying why,
 * and its manifests are imported as they are. (KubectlKustomizerTest renders one with kubectl.)
 */
@TandemIT
class GitFolderImportIT {

  @LocalServerPort int port;
  @Autowired ChartRenderer renderer;
  Api api;
  String space;
  String url;

  @BeforeEach
  void setUp() {
    Assumptions.assumeTrue(renderer.unavailable().isEmpty(),
        () -> "Skipped: Helm does not load on this platform: " + renderer.unavailable().orElse(""));
    api = new Api(port);
    space = Api.uniqueSlug("folders");
    api.post("/api/v1/spaces", Map.of("slug", space));
    Map<String, String> files = new LinkedHashMap<>();
    TestCharts.shop("1.0.0").forEach((path, text) -> files.put("deploy/charts/shop/" + path, text));
    files.put("deploy/base/kustomization.yaml", "resources: [deployment.yaml]\n");
    files.put("deploy/base/deployment.yaml",
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\nspec:\n  replicas: 1\n");
    files.put("deploy/overlays/prod/kustomization.yaml", "resources: [../../base]\nnamePrefix: prod-\n");
    files.put("deploy/plain/service.yaml", "apiVersion: v1\nkind: Service\nmetadata:\n  name: api\n");
    url = GitRepos.withFiles("folders", files);
  }

  static Map<String, JsonNode> byPath(JsonNode report) {
    Map<String, JsonNode> files = new HashMap<>();
    report.path("files").forEach(file -> files.put(file.path("path").asString(), file));
    return files;
  }

  @Test
  void aChartFolderBecomesOneRenderedUnitAndKustomizeFoldersAreSkippedSayingWhy() {
    Api.Response response = api.post("/api/v1/spaces/" + space + "/imports",
        Map.of("url", url, "path", "deploy", "namespace", "shop"));
    assertThat(response.status()).as(response.body()).isEqualTo(200);

    Map<String, JsonNode> files = byPath(response.json());
    JsonNode chart = files.get("charts/shop/Chart.yaml");
    assertThat(chart.path("unit").asString()).isEqualTo("charts-shop");
    assertThat(chart.path("outcome").asString()).isEqualTo("Created");
    assertThat(files).doesNotContainKeys("charts/shop/values.yaml", "charts/shop/templates/deployment.yaml");
    for (String kustomization : new String[] {"base/kustomization.yaml", "overlays/prod/kustomization.yaml"}) {
      assertThat(files.get(kustomization).path("outcome").asString()).isEqualTo("Skipped");
      assertThat(files.get(kustomization).path("reason").asString()).contains("Kustomize", "tandem.imports.kubectl");
    }
    assertThat(files.get("base/deployment.yaml").path("outcome").asString()).isEqualTo("Created");
    assertThat(files.get("plain/service.yaml").path("outcome").asString()).isEqualTo("Created");

    String units = "/api/v1/spaces/" + space + "/units";
    String data = api.get(units + "/charts-shop/data").body();
    assertThat(data).startsWith("apiVersion: apiextensions.k8s.io/v1")
        .contains("name: charts-shop-shop", "replicas: 2", "image: \"nginx:1.27\"", "name: charts-shop-cache",
            "namespace: shop");
    assertThat(api.get(units + "/charts-shop/revisions/1").json().path("description").asString()).contains("chart shop 1.0.0");

    Api.Response upgraded = api.post(units + "/charts-shop/upgrade", Map.of("values", "replicas: 4\n"));
    assertThat(upgraded.status()).as(upgraded.body()).isEqualTo(200);
    assertThat(api.get(units + "/charts-shop/data").body()).contains("replicas: 4");
  }
}
