package io.tandem.imports;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.GitRepos;
import io.tandem.support.Kubectl;
import io.tandem.support.TandemIT;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * A unit rendered from a Kustomize overlay of a real repository, with the real kubectl: kept in step with the base
 * and overlay, and a change of the unit carried back as a JSON 6902 patch in the overlay, listed in its kustomization
 * (everything else in it kept), which renders exactly the change. Skipped where no kubectl is built or installed.
 */
@TandemIT
@TestPropertySource(properties = "tandem.data-dir=target/it-data-kustomize")
class KustomizeOriginIT {

  static final String DEPLOYMENT = """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: api
      spec:
        replicas: 1
        selector:
          matchLabels: {app: api}
        template:
          metadata:
            labels: {app: api}
          spec:
            containers:
              - name: server
                image: api:1.0
                resources:
                  limits:
                    memory: 128Mi
      """;
  static final String OVERLAY = "# production\nresources:\n  - ../../base\nnamePrefix: prod-\n";
  static final String STAGE = "resources:\n- ../../base\npatches:\n- path: replicas.yaml\n  target:\n    kind: Deployment\n"
      + "    name: api\nnameSuffix: -stage\n";

  @LocalServerPort int port;
  Api api;
  String units;
  String source;

  @DynamicPropertySource
  static void kubectl(DynamicPropertyRegistry registry) {
    Kubectl.binary().ifPresent(kubectl -> registry.add("tandem.imports.kubectl", kubectl::toString));
  }

  @BeforeEach
  void setUp() {
    Assumptions.assumeTrue(Kubectl.binary().isPresent(),
        "Skipped: no kubectl (run server/sandbox/build-cluster.sh, or put kubectl on the PATH)");
    api = new Api(port);
    String space = Api.uniqueSlug("kustomized");
    api.post("/api/v1/spaces", Map.of("slug", space));
    source = GitRepos.withFiles("kustomized", Map.of(
        "base/deployment.yaml", DEPLOYMENT,
        "base/kustomization.yaml", "resources:\n  - deployment.yaml\n",
        "overlays/prod/kustomization.yaml", OVERLAY,
        "overlays/stage/kustomization.yaml", STAGE,
        "overlays/stage/replicas.yaml", "- op: replace\n  path: /spec/replicas\n  value: 2\n"));
    Api.Response imported = api.post("/api/v1/spaces/" + space + "/imports",
        Map.of("url", source, "ref", "main", "watch", true));
    assertThat(imported.status()).as(imported.body()).isEqualTo(200);
    units = "/api/v1/spaces/" + space + "/units/overlays-prod";
  }

  @Test
  void aChangeGoesBackAsAPatchInTheOverlayAndABaseCommitMergesIn() {
    assertThat(api.get(units + "/origin").json().path("layout").asString()).isEqualTo("kustomize");
    String data = api.get(units + "/data").body();
    assertThat(data).contains("name: prod-api", "memory: 128Mi");
    assertThat(api.send("PUT", units + "/data", "application/yaml", data.replace("memory: 128Mi", "memory: 512Mi"))
        .status()).isEqualTo(200);

    JsonNode proposal = api.get(units + "/revisions/2/backport").json();
    assertThat(proposal.path("reproduces").asBoolean()).as(proposal.toString()).isTrue();
    Api.Response written = api.post(units + "/revisions/2/backport", Map.of("branch", "prod-memory"));
    assertThat(written.status()).as(written.body()).isEqualTo(200);
    String kustomization = GitRepos.read(source, "prod-memory", "overlays/prod/kustomization.yaml");
    assertThat(kustomization).startsWith(OVERLAY + "patches:\n  - path: tandem-backport-r2-deployment-");
    String patchFile = kustomization.substring(kustomization.indexOf("path: ") + 6, kustomization.indexOf(".yaml") + 5);
    assertThat(GitRepos.read(source, "prod-memory", "overlays/prod/" + patchFile))
        .contains("op: replace", "path: /spec/template/spec/containers/0/resources/limits/memory", "value: 512Mi");
    assertThat(GitRepos.read(source, "prod-memory", "base/deployment.yaml")).isEqualTo(DEPLOYMENT);

    GitRepos.commit(source, "main", Map.of("base/deployment.yaml", DEPLOYMENT.replace("replicas: 1", "replicas: 3")),
        "Three replicas", "kim");
    JsonNode synced = api.post(units + "/origin/sync", null).json();
    assertThat(synced.path("outcome").asString()).as(synced.toString()).isEqualTo("Updated");
    assertThat(api.get(units + "/data").body()).contains("replicas: 3", "memory: 512Mi", "name: prod-api");
  }

  @Test
  void aPatchJoinsTheOverlaysOwnPatchesAtTheirIndentation() {
    String stage = units.replace("overlays-prod", "overlays-stage");
    String data = api.get(stage + "/data").body();
    assertThat(data).contains("name: api-stage", "replicas: 2");
    assertThat(api.send("PUT", stage + "/data", "application/yaml", data.replace("image: api:1.0", "image: api:1.1"))
        .status()).isEqualTo(200);
    JsonNode proposal = api.get(stage + "/revisions/2/backport").json();
    assertThat(proposal.path("reproduces").asBoolean()).as(proposal.toString()).isTrue();
    assertThat(api.post(stage + "/revisions/2/backport", Map.of("branch", "stage-image")).status()).isEqualTo(200);
    assertThat(GitRepos.read(source, "stage-image", "overlays/stage/kustomization.yaml"))
        .startsWith("resources:\n- ../../base\npatches:\n- path: replicas.yaml\n  target:\n    kind: Deployment\n"
            + "    name: api\n- path: tandem-backport-r2-deployment-")
        .endsWith("nameSuffix: -stage\n");
  }

}
