package io.tandem.imports;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.imports.domain.ChartRenderer;
import io.tandem.support.Api;
import io.tandem.support.GitRepos;
import io.tandem.support.TandemIT;
import io.tandem.support.TestCharts;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A unit rendered from a chart folder of a real repository, kept in step with it: a change of the unit's resources
 * goes back to the chart as the value that feeds them ({@code toYaml .Values.paymentService.resources}), found by
 * rendering, written into values.yaml with its comments; a path that no value feeds is not offered; a later commit
 * to the chart is rendered and merged with the unit's own change.
 */
@TandemIT
class ChartOriginIT {

  static final String VALUES = TestCharts.PAYMENTS_VALUES;
  static final String DEPLOYMENT = TestCharts.PAYMENTS_DEPLOYMENT;

  @LocalServerPort int port;
  @Autowired ChartRenderer renderer;
  Api api;
  String units;
  String source;

  @BeforeEach
  void setUp() {
    Assumptions.assumeTrue(renderer.unavailable().isEmpty(),
        () -> "Skipped: Helm does not load on this platform: " + renderer.unavailable().orElse(""));
    api = new Api(port);
    String space = Api.uniqueSlug("chartorigin");
    api.post("/api/v1/spaces", Map.of("slug", space));
    source = GitRepos.withFiles("chart-origin", Map.of(
        "charts/payments/Chart.yaml", "apiVersion: v2\nname: payments\nversion: 0.1.0\n",
        "charts/payments/values.yaml", VALUES,
        "charts/payments/templates/deployment.yaml", DEPLOYMENT));
    Api.Response imported = api.post("/api/v1/spaces/" + space + "/imports",
        Map.of("url", source, "ref", "main", "path", "charts", "watch", true));
    assertThat(imported.status()).as(imported.body()).isEqualTo(200);
    units = "/api/v1/spaces/" + space + "/units/payments";
  }

  @Test
  void aChangeOfTheResourcesGoesBackToTheValueThatFeedsThem() {
    assertThat(api.get(units + "/origin").json().path("layout").asString()).isEqualTo("chart");
    String data = api.get(units + "/data").body();
    assertThat(data).contains("memory: 128Mi");
    put(data.replace("memory: 128Mi", "memory: 512Mi"));

    JsonNode proposal = api.get(units + "/revisions/2/backport").json();
    assertThat(proposal.path("reproduces").asBoolean()).as(proposal.toString()).isTrue();
    JsonNode file = proposal.path("files").get(0);
    assertThat(file.path("path").asString()).isEqualTo("charts/payments/values.yaml");
    String expected = VALUES.replace("memory: 128Mi", "memory: 512Mi");
    assertThat(file.path("after").asString()).isEqualTo(expected);

    Api.Response written = api.post(units + "/revisions/2/backport", Map.of("branch", "more-memory"));
    assertThat(written.status()).as(written.body()).isEqualTo(200);
    assertThat(GitRepos.read(source, "more-memory", "charts/payments/values.yaml")).isEqualTo(expected);
    assertThat(GitRepos.read(source, "more-memory", "charts/payments/templates/deployment.yaml")).isEqualTo(DEPLOYMENT);

    // no value feeds the replicas: not offered
    put(api.get(units + "/data").body().replace("replicas: 1", "replicas: 3"));
    JsonNode replicas = api.get(units + "/revisions/3/backport").json();
    assertThat(replicas.path("reproduces").asBoolean()).isFalse();
    assertThat(replicas.path("problem").asString()).contains("No value of the chart feeds", "spec.replicas");

    // the team bumps the image in the chart: rendered, merged with the unit's own changes
    GitRepos.commit(source, "main", Map.of("charts/payments/values.yaml", VALUES.replace("payments:1.0", "payments:1.1")),
        "Payments 1.1", "judy");
    JsonNode synced = api.post(units + "/origin/sync", null).json();
    assertThat(synced.path("outcome").asString()).as(synced.toString()).isEqualTo("Updated");
    assertThat(api.get(units + "/data").body()).contains("payments:1.1", "memory: 512Mi", "replicas: 3");
  }

  private void put(String data) {
    assertThat(api.send("PUT", units + "/data", "application/yaml", data).status()).isEqualTo(200);
  }
}
