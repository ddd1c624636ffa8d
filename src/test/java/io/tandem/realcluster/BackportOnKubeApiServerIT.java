package io.tandem.realcluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.imports.domain.ChartRenderer;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.GitRepos;
import io.tandem.support.Kubectl;
import io.tandem.support.RealCluster;
import io.tandem.support.TandemIT;
import io.tandem.support.TestCharts;
import java.util.Map;
import org.eclipse.jgit.revwalk.RevCommit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The seed's stories against a real API server and a real repository: a {@code kubectl set resources} captured from
 * the cluster goes back to the team's file as a branch that changes that value only, comments kept; a rollback done on
 * the cluster by hand is captured and carried back, and a later commit to the watched branch that touches another path
 * does not roll it forward again.
 */
@TandemIT
@RealCluster
class BackportOnKubeApiServerIT {

  @LocalServerPort int port;
  @Autowired ChartRenderer renderer;
  Api api;
  String space;
  String unit;
  String source;
  String file;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = Api.uniqueSlug("backport");
    api.post("/api/v1/spaces", Map.of("slug", space));
    file = "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: " + space + "\n---\n"
        + Fixtures.paymentService().replace("  name: paymentservice\n", "  name: paymentservice\n  namespace: " + space + "\n");
    source = GitRepos.withFiles("backport-real", Map.of("deploy/paymentservice.yaml", file));
    Api.Response imported = api.post("/api/v1/spaces/" + space + "/imports", Map.of("url", source, "ref", "main",
        "path", "deploy", "target", "sandbox", "watch", true));
    assertThat(imported.status()).as(imported.body()).isEqualTo(200);
    unit = "/api/v1/spaces/" + space + "/units/paymentservice";
    JsonNode applied = api.post(unit + "/apply?wait=60", null).json();
    assertThat(applied.path("result").asString()).as(applied.toString()).isEqualTo("ApplyCompleted");
  }

  @Test
  void aKubectlSetResourcesGoesBackToTheFileAsABranchThatChangesOnlyThatValue() throws Exception {
    Kubectl.succeed(Map.of(), "set", "resources", "deployment/paymentservice", "-c", "server", "--limits=memory=512Mi",
        "-n", space);
    JsonNode refresh = api.post(unit + "/refresh?wait=60", null).json();
    assertThat(refresh.path("capturedRevisionNum").asInt()).as(refresh.toString()).isEqualTo(2);

    JsonNode proposal = api.get(unit + "/revisions/2/backport").json();
    assertThat(proposal.path("reproduces").asBoolean()).as(proposal.toString()).isTrue();
    JsonNode written = api.post(unit + "/revisions/2/backport", Map.of()).json();
    String branch = written.path("branch").asString();
    assertThat(GitRepos.read(source, branch, "deploy/paymentservice.yaml"))
        .as("the file with the captured value, every other byte as it was")
        .isEqualTo(file.replace("memory: 128Mi", "memory: 512Mi"));
    RevCommit commit = GitRepos.log(source, branch).get(GitRepos.log(source, branch).size() - 1);
    assertThat(commit.getFullMessage()).contains("revision 2", "refresh: kubectl-set", "Refresh");
  }

  @Test
  void aKubectlSetResourcesOnAChartsDeploymentGoesBackToTheValueThatFeedsIt() throws Exception {
    Assumptions.assumeTrue(renderer.unavailable().isEmpty(), () -> "Skipped: Helm does not load here");
    String chartSource = GitRepos.withFiles("backport-chart", Map.of(
        "charts/payments/Chart.yaml", "apiVersion: v2\nname: payments\nversion: 0.1.0\n",
        "charts/payments/values.yaml", TestCharts.PAYMENTS_VALUES,
        "charts/payments/templates/deployment.yaml", TestCharts.PAYMENTS_DEPLOYMENT));
    Api.Response imported = api.post("/api/v1/spaces/" + space + "/imports", Map.of("url", chartSource, "ref", "main",
        "path", "charts", "namespace", space, "target", "sandbox", "watch", true));
    assertThat(imported.status()).as(imported.body()).isEqualTo(200);
    String chartUnit = "/api/v1/spaces/" + space + "/units/payments";
    JsonNode applied = api.post(chartUnit + "/apply?wait=60", null).json();
    assertThat(applied.path("result").asString()).as(applied.toString()).isEqualTo("ApplyCompleted");

    Kubectl.succeed(Map.of(), "set", "resources", "deployment/payments", "-c", "server", "--limits=memory=512Mi",
        "-n", space);
    assertThat(api.post(chartUnit + "/refresh?wait=60", null).json().path("capturedRevisionNum").asInt()).isEqualTo(2);
    JsonNode written = api.post(chartUnit + "/revisions/2/backport", Map.of("branch", "chart-memory")).json();
    assertThat(written.path("proposal").path("reproduces").asBoolean()).as(written.toString()).isTrue();
    assertThat(GitRepos.read(chartSource, "chart-memory", "charts/payments/values.yaml"))
        .isEqualTo(TestCharts.PAYMENTS_VALUES.replace("memory: 128Mi", "memory: 512Mi"));
  }

  @Test
  void aRollbackByHandIsCarriedBackAndALaterCommitElsewhereDoesNotRollItForward() throws Exception {
    String newer = "paymentservice:v0.10.2";
    String older = "paymentservice:v0.10.1";
    Kubectl.succeed(Map.of(), "set", "image", "deployment/paymentservice",
        "server=us-central1-docker.pkg.dev/google-samples/microservices-demo/" + older, "-n", space);
    assertThat(api.post(unit + "/refresh?wait=60", null).json().path("capturedRevisionNum").asInt()).isEqualTo(2);
    assertThat(api.post(unit + "/revisions/2/backport", Map.of("branch", "rollback")).status()).isEqualTo(200);
    assertThat(GitRepos.read(source, "rollback", "deploy/paymentservice.yaml")).contains(older).doesNotContain(newer);

    // before anyone merges the branch, the team changes another path on main
    GitRepos.commit(source, "main", Map.of("deploy/paymentservice.yaml", file.replace("replicas: 1", "replicas: 2")),
        "Two replicas", "heidi");
    JsonNode synced = api.post(unit + "/origin/sync", null).json();
    assertThat(synced.path("outcome").asString()).as(synced.toString()).isEqualTo("Updated");
    assertThat(api.get(unit + "/data").body()).contains(older, "replicas: 2").doesNotContain(newer);

    // a commit that changes the image itself is the team's decision to meet: recorded, not taken
    GitRepos.commit(source, "main", Map.of("deploy/paymentservice.yaml", file.replace("replicas: 1", "replicas: 2")
        .replace(newer, "paymentservice:v0.10.3")), "Payment 0.10.3", "heidi");
    assertThat(api.post(unit + "/origin/sync", null).json().path("outcome").asString()).isEqualTo("Conflict");
    assertThat(api.get(unit + "/data").body()).contains(older);
  }
}
