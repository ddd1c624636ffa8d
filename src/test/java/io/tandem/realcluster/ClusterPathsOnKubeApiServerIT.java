package io.tandem.realcluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Kubectl;
import io.tandem.support.RealCluster;
import io.tandem.support.SandboxWorker;
import io.tandem.support.TandemIT;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The same scenarios on both ways to a cluster, on one real API server: the direct connection (the server holds the
 * sandbox's kubeconfig) and a worker (only the worker holds it; the server's target names the worker): an apply that
 * waits for health, a preview, a kubectl edit captured with its field manager, a kubectl scale the watches see and
 * capture mode takes, a cluster import, and a destroy.
 */
@TandemIT
@RealCluster
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClusterPathsOnKubeApiServerIT {

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;
  Api api;
  String workerTarget;
  SandboxWorker worker;

  @BeforeAll
  void startAWorkerForTheSandbox() {
    assertThat(sandbox.engine()).isEqualTo("kube-apiserver");
    api = new Api(port);
    worker = SandboxWorker.start(port, sandbox.kubeconfig(), Api.uniqueSlug("paths"));
    workerTarget = worker.target();
  }

  @AfterAll
  void stopTheWorker() {
    worker.close();
  }

  /** The API client for calls that wait: as long as the longest wait they ask the server for, and then some. */
  private Api waiting() {
    return api.withTimeout(Duration.ofSeconds(100));
  }

  private String target(String path) {
    return path.equals("direct") ? "sandbox" : workerTarget;
  }

  @ParameterizedTest(name = "through {0}")
  @ValueSource(strings = {"direct", "worker"})
  void anApplyWaitsForHealthAPreviewShowsTheChangeAndADestroyRemovesIt(String path) {
    String space = Api.uniqueSlug(path);
    String unit = unit(space, target(path));

    JsonNode applied = ObjectOwnershipOnKubeApiServerIT.post(waiting(), unit + "/apply?wait=90&waitFor=healthy&timeout=60s");
    assertThat(applied.path("result").asString()).as(applied.toString()).isEqualTo("ApplyCompleted");
    assertThat(api.get(unit).json().path("health").path("status").asString()).isEqualTo("Healthy");

    api.putYaml(unit + "/data", api.get(unit + "/data").body().replace("memory: 128Mi", "memory: 256Mi"));
    Api.Response preview = api.post(unit + "/apply/preview", null);
    assertThat(preview.status()).as(preview.body()).isEqualTo(200);
    assertThat(preview.json().path("changes").size()).isEqualTo(1);
    assertThat(preview.json().path("changes").get(0).path("to").asString()).isEqualTo("256Mi");

    JsonNode destroyed = ObjectOwnershipOnKubeApiServerIT.post(waiting(), unit + "/destroy?wait=60&confirm=paymentservice");
    assertThat(destroyed.path("result").asString()).as(destroyed.toString()).isEqualTo("DestroyCompleted");
    try (KubernetesClient client = sandbox.client()) {
      assertThat(ObjectOwnershipOnKubeApiServerIT.deployment(client, space)).isNull();
    }
  }

  @ParameterizedTest(name = "through {0}")
  @ValueSource(strings = {"direct", "worker"})
  void aKubectlEditIsCapturedAttributedToKubectl(String path) throws Exception {
    String space = Api.uniqueSlug(path);
    String unit = unit(space, target(path));
    assertThat(ObjectOwnershipOnKubeApiServerIT.post(waiting(), unit + "/apply?wait=60").path("result").asString())
        .isEqualTo("ApplyCompleted");

    Kubectl.succeed(Map.of("KUBE_EDITOR", "sed -i s/memory:\\ 128Mi/memory:\\ 512Mi/"), "edit",
        "deployment/paymentservice", "-n", space);
    JsonNode refreshed = ObjectOwnershipOnKubeApiServerIT.post(waiting(), unit + "/refresh?wait=60");

    assertThat(refreshed.path("result").asString()).as(refreshed.toString()).isEqualTo("RefreshAndDrifted");
    JsonNode mutations = api.get(unit + "/revisions/" + refreshed.path("capturedRevisionNum").asInt()).json()
        .path("mutations");
    assertThat(mutations.size()).isEqualTo(1);
    assertThat(mutations.get(0).path("path").asString()).isEqualTo("spec.template.spec.containers.0.resources.limits.memory");
    assertThat(mutations.get(0).path("by").asString()).contains("kubectl-edit");
  }

  @ParameterizedTest(name = "through {0}")
  @ValueSource(strings = {"direct", "worker"})
  void aKubectlScaleIsSeenByTheWatchesAndCapturedWithoutARefreshAsked(String path) throws Exception {
    String space = Api.uniqueSlug(path);
    String unit = unit(space, target(path));
    assertThat(api.patch(unit, Map.of("driftMode", "Capture")).status()).isEqualTo(200);
    assertThat(ObjectOwnershipOnKubeApiServerIT.post(waiting(), unit + "/apply?wait=60").path("result").asString())
        .isEqualTo("ApplyCompleted");
    Thread.sleep(3_000); // the watches of the new objects start (the worker asks what to watch every second here)

    Kubectl.succeed(Map.of(), "scale", "deployment/paymentservice", "--replicas=3", "-n", space);

    await("the scale captured, with no refresh asked").atMost(Duration.ofSeconds(30))
        .until(() -> api.get(unit).json().path("headRevisionNum").asInt() == 2);
    assertThat(api.get(unit + "/data").body()).contains("replicas: 3");
    assertThat(api.get(unit + "/revisions/2").json().path("mutations").get(0).path("by").asString()).contains("kubectl");
  }

  @ParameterizedTest(name = "through {0}")
  @ValueSource(strings = {"direct", "worker"})
  void aClusterImportBringsTheNamespacesObjectsAsUnits(String path) {
    String space = Api.uniqueSlug(path);
    try (KubernetesClient client = sandbox.client()) {
      client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(space).endMetadata().build()).create();
      client.configMaps().inNamespace(space).resource(new ConfigMapBuilder().withNewMetadata().withName("settings")
          .endMetadata().addToData("mode", "blue").build()).create();
    }
    api.post("/api/v1/spaces", Map.of("slug", space));

    Api.Response imported = api.post("/api/v1/spaces/" + space + "/imports",
        Map.of("source", "cluster", "target", target(path), "namespaces", List.of(space)));

    assertThat(imported.status()).as(imported.body()).isEqualTo(200);
    assertThat(api.get("/api/v1/spaces/" + space + "/units?include=data").body()).contains("mode: blue");
  }

  @ParameterizedTest(name = "through {0}")
  @ValueSource(strings = {"direct", "worker"})
  void aPreSyncHookRunsBeforeTheWavesAndAFailedApplySaysWhatTheApiServerSaid(String path) {
    String space = Api.uniqueSlug(path);
    api.post("/api/v1/spaces", Map.of("slug", space));
    String unit = "/api/v1/spaces/" + space + "/units/ordered";
    api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "ordered", "target", target(path), "data", """
        apiVersion: v1
        kind: Namespace
        metadata:
          name: %1$s
          annotations: {argocd.argoproj.io/sync-wave: "-1"}
        ---
        apiVersion: batch/v1
        kind: Job
        metadata:
          name: migrate
          namespace: %1$s
          annotations: {argocd.argoproj.io/hook: PostSync, argocd.argoproj.io/hook-delete-policy: HookSucceeded}
        spec:
          template:
            spec:
              restartPolicy: Never
              containers: [{name: migrate, image: registry.example/migrate:1}]
        ---
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: settings
          namespace: %1$s
          annotations: {argocd.argoproj.io/sync-wave: "1"}
        data: {level: info}
        """.formatted(space)));

    JsonNode applied = ObjectOwnershipOnKubeApiServerIT.post(waiting(), unit + "/apply?wait=90");

    assertThat(applied.path("result").asString()).as(applied.toString()).isEqualTo("ApplyCompleted");
    assertThat(applied.path("message").asString())
        .contains("Steps: wave -1 healthy; wave 1 healthy; PostSync hook Job/migrate succeeded.");
    try (KubernetesClient client = sandbox.client()) {
      await("the hook deleted once it succeeded").atMost(Duration.ofSeconds(30))
          .until(() -> client.batch().v1().jobs().inNamespace(space).withName("migrate").get() == null);
    }

    api.putYaml(unit + "/data", """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: web
          namespace: %s
        spec:
          template:
            metadata:
              labels: {app: web}
            spec:
              containers: [{name: web, image: registry.example/web:1}]
        """.formatted(space));
    JsonNode failed = ObjectOwnershipOnKubeApiServerIT.post(waiting(), unit + "/apply?wait=60");

    assertThat(failed.path("result").asString()).isEqualTo("ApplyFailed");
    assertThat(failed.path("message").asString()).contains("failed at apps/v1/Deployment/" + space + "/web: HTTP 422 from"
        + " the cluster (Invalid): spec.selector: Required value");
  }

  private String unit(String space, String target) {
    return WorkerProcessOnKubeApiServerIT.unit(api, space, target);
  }

}
