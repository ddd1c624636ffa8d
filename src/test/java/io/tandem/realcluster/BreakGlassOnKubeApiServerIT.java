package io.tandem.realcluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.Kubectl;
import io.tandem.support.RealCluster;
import io.tandem.support.TandemIT;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The break-glass loop on a real API server, with the real kubectl: what a person changes is captured, attributed to
 * kubectl's field manager, and nothing the API server or its controllers add ever reaches the configuration.
 */
@TandemIT
@RealCluster
class BreakGlassOnKubeApiServerIT {

  /** Fields that only the API server writes (defaults); the fixture sets none of them. */
  static final List<String> DEFAULTS = List.of("imagePullPolicy", "terminationMessagePath", "dnsPolicy", "restartPolicy",
      "strategy", "revisionHistoryLimit", "progressDeadlineSeconds", "sessionAffinity", "clusterIP", "ipFamilies",
      "schedulerName", "deployment.kubernetes.io/revision", "managedFields", "resourceVersion", "uid");

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;
  Api api;
  String space;
  String unit;
  String original;

  @BeforeEach
  void setUp() {
    assertThat(sandbox.engine()).isEqualTo("kube-apiserver");
    api = new Api(port);
    space = Api.uniqueSlug("breakglass");
    unit = "/api/v1/spaces/" + space + "/units/paymentservice";
    original = "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: " + space + "\n---\n"
        + Fixtures.paymentService().replace("  name: paymentservice\n", "  name: paymentservice\n  namespace: " + space + "\n");
    api.post("/api/v1/spaces", Map.of("slug", space));
    assertThat(api.post("/api/v1/spaces/" + space + "/units",
        Map.of("slug", "paymentservice", "data", original, "target", "sandbox")).status()).isEqualTo(201);
    JsonNode applied = post(unit + "/apply?wait=60");
    assertThat(applied.path("result").asString()).as(applied.toString()).isEqualTo("ApplyCompleted");
  }

  @Test
  void aKubectlEditIsCapturedAsExactlyThatFieldAttributedToKubectlAndNoDefaultLeaks() throws Exception {
    String edited = kubectl(Map.of("KUBE_EDITOR", "sed -i s/memory:\\ 128Mi/memory:\\ 512Mi/"),
        "edit", "deployment/paymentservice", "-n", space);
    assertThat(edited).contains("edited");

    JsonNode refresh = post(unit + "/refresh?wait=60");

    assertThat(refresh.path("result").asString()).as(refresh.toString()).isEqualTo("RefreshAndDrifted");
    assertThat(refresh.path("capturedRevisionNum").asInt()).isEqualTo(2);
    String captured = api.get(unit + "/data").body();
    assertThat(captured).as("byte-identical outside the changed line").isEqualTo(original.replace("memory: 128Mi", "memory: 512Mi"));
    JsonNode mutations = api.get(unit + "/revisions/2").json().path("mutations");
    assertThat(mutations.size()).as(mutations.toString()).isEqualTo(1);
    assertThat(mutations.get(0).path("path").asString()).isEqualTo("spec.template.spec.containers.0.resources.limits.memory");
    assertThat(mutations.get(0).path("by").asString()).contains("kubectl-edit");
    String diff = api.get(unit + "/diff?from=1&to=2").body();
    assertThat(DEFAULTS).noneMatch(diff::contains);
  }

  static Stream<Arguments> kubectlChanges() {
    String newImage = "us-central1-docker.pkg.dev/google-samples/microservices-demo/paymentservice:v0.10.3";
    return Stream.of(
        Arguments.of(List.of("patch", "deployment/paymentservice", "-p",
                "{\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"name\":\"server\",\"resources\":{\"limits\":{\"memory\":\"512Mi\"}}}]}}}}"),
            "memory: 128Mi", "memory: 512Mi", "spec.template.spec.containers.0.resources.limits.memory", "kubectl-patch"),
        Arguments.of(List.of("set", "image", "deployment/paymentservice", "server=" + newImage),
            "paymentservice:v0.10.2", "paymentservice:v0.10.3", "spec.template.spec.containers.0.image", "kubectl-set"),
        Arguments.of(List.of("set", "resources", "deployment/paymentservice", "-c", "server", "--limits=memory=512Mi"),
            "memory: 128Mi", "memory: 512Mi", "spec.template.spec.containers.0.resources.limits.memory", "kubectl-set"),
        // kubectl scale writes through the scale subresource, under the manager "kubectl"
        Arguments.of(List.of("scale", "deployment/paymentservice", "--replicas=2"),
            "replicas: 1", "replicas: 2", "spec.replicas", "kubectl"));
  }

  @ParameterizedTest(name = "kubectl {0} is captured, attributed to {4}")
  @MethodSource("kubectlChanges")
  void eachKubectlChangeIsCapturedAsThatOneLineAttributedToItsFieldManager(List<String> command, String before, String after,
      String path, String manager) throws Exception {
    List<String> arguments = new ArrayList<>(command);
    arguments.addAll(List.of("-n", space));
    kubectl(Map.of(), arguments.toArray(String[]::new));

    JsonNode refresh = post(unit + "/refresh?wait=60");

    assertThat(refresh.path("capturedRevisionNum").asInt()).as(refresh.toString()).isEqualTo(2);
    assertThat(api.get(unit + "/data").body()).isEqualTo(original.replace(before, after));
    JsonNode mutations = api.get(unit + "/revisions/2").json().path("mutations");
    assertThat(mutations.size()).as(mutations.toString()).isEqualTo(1);
    assertThat(mutations.get(0).path("path").asString()).isEqualTo(path);
    assertThat(mutations.get(0).path("by").asString()).isEqualTo("refresh: " + manager);
  }

  @Test
  void aScaleByAControllerIsNeverCaptured() {
    // the horizontal pod autoscaler runs in kube-controller-manager, whose requests carry its name as user agent
    Config config = Config.fromKubeconfig(sandbox.kubeconfig());
    config.setUserAgent("kube-controller-manager/v1.34.4 (linux/amd64) kubernetes/0000000/horizontal-pod-autoscaler");
    try (KubernetesClient autoscaler = new KubernetesClientBuilder().withConfig(config).build()) {
      autoscaler.apps().deployments().inNamespace(space).withName("paymentservice").scale(4);
    }

    JsonNode refresh = post(unit + "/refresh?wait=60");

    assertThat(refresh.path("result").asString()).as(refresh.toString()).isEqualTo("RefreshAndNoDrift");
    assertThat(api.get(unit).json().path("headRevisionNum").asInt()).isEqualTo(1);
    assertThat(api.get(unit + "/data").body()).isEqualTo(original);
  }

  @Test
  void kubectlDiffAgainstTheSandboxShowsNothingAfterAnApplyAndTheChangeAfterAnEdit() throws Exception {
    Path manifest = Files.writeString(Files.createTempFile("paymentservice", ".yaml"), original);
    String[] diff = {"diff", "--server-side", "--force-conflicts", "--field-manager=tandem", "-f", manifest.toString()};

    assertThat(run(Map.of(), diff).exitCode()).as("in step after the apply").isZero();

    kubectl(Map.of(), "set", "resources", "deployment/paymentservice", "-n", space, "-c", "server", "--limits=memory=512Mi");
    Kubectl.Result drifted = run(Map.of(), diff);

    assertThat(drifted.exitCode()).as(drifted.output()).isEqualTo(1);
    assertThat(drifted.output()).containsPattern("(?m)^-\\s+memory: 512Mi$").containsPattern("(?m)^\\+\\s+memory: 128Mi$");
  }

  @Test
  void pruneRemovesOnlyTheObjectsThisUnitApplied() throws Exception {
    kubectl(Map.of(), "create", "service", "clusterip", "someone-elses", "--tcp=80:8080", "-n", space);
    String withoutTheService = original.substring(0, original.lastIndexOf("---"));
    assertThat(api.putYaml(unit + "/data", withoutTheService).status()).isEqualTo(200);

    JsonNode applied = post(unit + "/apply?wait=60");

    assertThat(applied.path("message").asString()).as(applied.toString()).contains("pruned");
    try (var client = sandbox.client()) {
      assertThat(client.services().inNamespace(space).withName("paymentservice").get()).as("the unit's own, pruned").isNull();
      assertThat(client.services().inNamespace(space).withName("someone-elses").get()).as("not the unit's").isNotNull();
      assertThat(client.apps().deployments().inNamespace(space).withName("paymentservice").get()).isNotNull();
    }
  }

  @Test
  void theDeploymentsPodIsScheduledOnAFakeNodeAndBecomesReady() {
    try (var client = sandbox.client()) {
      await("the Deployment's pod Ready").atMost(java.time.Duration.ofSeconds(30)).until(() -> {
        var status = client.apps().deployments().inNamespace(space).withName("paymentservice").get().getStatus();
        return status != null && Integer.valueOf(1).equals(status.getReadyReplicas());
      });
    }
  }

  @Test
  void whatTheControllersWriteIsNeverDriftAndAFreshApplyIsInStep() {
    // the Deployment controller has written status, the revision annotation and a ReplicaSet by now
    JsonNode refresh = post(unit + "/refresh?wait=60");

    assertThat(refresh.path("result").asString()).as(refresh.toString()).isEqualTo("RefreshAndNoDrift");
    assertThat(api.get(unit).json().path("headRevisionNum").asInt()).isEqualTo(1);
    JsonNode live = api.get(unit + "/live").json();
    assertThat(live.path("drift").asString()).isEqualTo("None");
    // the observation holds the API server's defaults (the baseline has them too, so they are never a delta) but none
    // of its bookkeeping
    assertThat(live.path("data").asString()).contains("imagePullPolicy").doesNotContain("managedFields", "resourceVersion", "uid:");
  }

  @Test
  void aWatchNoticesAKubectlScaleAndCaptureModeTakesItWithoutAnyRefreshAsked() throws Exception {
    assertThat(api.patch(unit, Map.of("driftMode", "Capture")).status()).isEqualTo(200);

    kubectl(Map.of(), "scale", "deployment/paymentservice", "--replicas=3", "-n", space);

    await("the scale captured by the watch").atMost(java.time.Duration.ofSeconds(30))
        .until(() -> api.get(unit).json().path("headRevisionNum").asInt() == 2);
    assertThat(api.get(unit + "/data").body()).isEqualTo(original.replace("replicas: 1", "replicas: 3"));
    assertThat(api.get(unit + "/revisions/2").json().path("mutations").get(0).path("by").asString()).contains("kubectl");
  }

  @Test
  void applyTakesAFieldAnotherManagerOwnsAndSaysSo() throws Exception {
    kubectl(Map.of(), "scale", "deployment/paymentservice", "--replicas=3", "-n", space);

    JsonNode applied = post(unit + "/apply?wait=60");

    assertThat(applied.path("result").asString()).as(applied.toString()).isEqualTo("ApplyCompleted");
    assertThat(applied.path("message").asString())
        .contains("took over from other field managers", "Deployment/" + space + "/paymentservice .spec.replicas (kubectl)");
    try (var client = sandbox.client()) {
      assertThat(client.apps().deployments().inNamespace(space).withName("paymentservice").get().getSpec().getReplicas()).isEqualTo(1);
    }
  }

  @Test
  void aCustomResourceDefinitionIsEstablishedBeforeItsResourcesAreApplied() {
    String crd = """
        apiVersion: example.tandem.dev/v1
        kind: Widget
        metadata:
          name: first
          namespace: %s
        spec:
          size: 3
        ---
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata:
          name: widgets.example.tandem.dev
        spec:
          group: example.tandem.dev
          names: {kind: Widget, plural: widgets, singular: widget}
          scope: Namespaced
          versions:
          - name: v1
            served: true
            storage: true
            schema:
              openAPIV3Schema:
                type: object
                properties:
                  spec:
                    type: object
                    properties:
                      size: {type: integer}
        """.formatted(space);
    assertThat(api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "widgets", "data", crd, "target", "sandbox")).status())
        .isEqualTo(201);
    // a CRD is of cluster scope, which the sandbox's grant to every space leaves out
    assertThat(api.send("PUT", "/api/v1/targets/sandbox/grants/" + space, "application/json",
        "{\"uses\":[\"apply\"],\"clusterScoped\":true}").status()).isEqualTo(200);

    JsonNode applied = post("/api/v1/spaces/" + space + "/units/widgets/apply?wait=60");

    assertThat(applied.path("result").asString()).as(applied.toString()).isEqualTo("ApplyCompleted");
    try (var client = sandbox.client()) {
      assertThat(client.genericKubernetesResources("example.tandem.dev/v1", "Widget").inNamespace(space).withName("first").get())
          .isNotNull();
    }
  }

  JsonNode post(String path) {
    Api.Response response = api.post(path, null);
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    return response.json();
  }

  /** Runs the real kubectl against the sandbox, as a person would; its output, or a failure with it. */
  String kubectl(Map<String, String> environment, String... arguments) throws IOException, InterruptedException {
    return Kubectl.succeed(environment, arguments);
  }

  Kubectl.Result run(Map<String, String> environment, String... arguments) throws IOException, InterruptedException {
    return Kubectl.run(environment, arguments);
  }
}
