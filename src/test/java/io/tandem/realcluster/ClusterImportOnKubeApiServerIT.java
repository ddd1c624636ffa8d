package io.tandem.realcluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Kubectl;
import io.tandem.support.RealCluster;
import io.tandem.support.TandemIT;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Adopting a cluster on a real API server: objects made with the real kubectl ({@code apply} in one namespace,
 * {@code create} in another) become units that hold what was written and nothing the server or its controllers
 * added, that are born live (a refresh finds no drift, an apply would change nothing), and whose later break-glass
 * change is captured as usual.
 */
@TandemIT
@RealCluster
class ClusterImportOnKubeApiServerIT {

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;
  Api api;
  String space;
  String applied;
  String created;

  @BeforeEach
  void setUp() throws Exception {
    assertThat(sandbox.engine()).isEqualTo("kube-apiserver");
    api = new Api(port);
    space = Api.uniqueSlug("adopt");
    applied = space + "-applied";
    created = space + "-created";
    api.post("/api/v1/spaces", Map.of("slug", space));
    Kubectl.succeed(Map.of(), "create", "namespace", applied);
    Kubectl.succeed(Map.of(), "create", "namespace", created);
    Path manifest = Files.writeString(Files.createTempFile("api", ".yaml"), """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: api
          labels:
            app.kubernetes.io/name: api
        spec:
          replicas: 2
          selector:
            matchLabels:
              app.kubernetes.io/name: api
          template:
            metadata:
              labels:
                app.kubernetes.io/name: api
            spec:
              containers:
                - name: api
                  image: nginx:1.27
                  resources:
                    limits:
                      memory: 128Mi
        ---
        apiVersion: v1
        kind: Service
        metadata:
          name: api
          labels:
            app.kubernetes.io/name: api
        spec:
          selector:
            app.kubernetes.io/name: api
          ports:
            - port: 80
              targetPort: 8080
        ---
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: api-config
          labels:
            app.kubernetes.io/name: api
        data:
          config.yaml: |
            mode: fast
            retries: 3
        """);
    Kubectl.succeed(Map.of(), "apply", "-n", applied, "-f", manifest.toString());
    Kubectl.succeed(Map.of(), "create", "deployment", "web", "--image=nginx:1.27", "--port=80", "-n", created);
    Kubectl.succeed(Map.of(), "create", "service", "clusterip", "web", "--tcp=80:8080", "-n", created);
    try (var client = sandbox.client()) {
      await("the controllers' objects").atMost(Duration.ofSeconds(30))
          .until(() -> client.pods().inNamespace(applied).list().getItems().size() == 2
              && client.pods().inNamespace(created).list().getItems().size() == 1
              && client.configMaps().inNamespace(created).withName("kube-root-ca.crt").get() != null
              && client.serviceAccounts().inNamespace(created).withName("default").get() != null);
    }
  }

  @Test
  void theUnitsHoldWhatWasWrittenAreBornLiveAndCatchALaterEdit() throws Exception {
    JsonNode dryRun = importing(true);
    assertThat(units(dryRun)).containsOnlyKeys("api", "web");
    assertThat(api.get("/api/v1/spaces/" + space + "/units").items()).isEmpty();
    List<String> skipped = skippedKinds(dryRun);
    assertThat(skipped).contains("ReplicaSet " + applied, "ReplicaSet " + created, "Pod " + applied, "Pod " + created,
        "ServiceAccount " + applied + "/default", "ServiceAccount " + created + "/default",
        "ConfigMap " + applied + "/kube-root-ca.crt", "ConfigMap " + created + "/kube-root-ca.crt",
        "EndpointSlice " + created, "Endpoints " + created + "/web");

    JsonNode report = importing(false);

    assertThat(units(report).values()).allSatisfy(unit -> assertThat(unit.path("outcome").asString()).isEqualTo("Created"));
    String web = data("web");
    assertThat(web).isEqualTo("""
        apiVersion: v1
        kind: Service
        metadata:
          name: web
          namespace: %1$s
          labels:
            app: web
        spec:
          ports:
          - name: 80-8080
            port: 80
            targetPort: 8080
          selector:
            app: web
        ---
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: web
          namespace: %1$s
          labels:
            app: web
        spec:
          selector:
            matchLabels:
              app: web
          template:
            metadata:
              labels:
                app: web
            spec:
              containers:
              - name: nginx
                image: nginx:1.27
                ports:
                - containerPort: 80
        """.formatted(created));
    String api = data("api");
    assertThat(api).contains("replicas: 2", "memory: 128Mi", "config.yaml: |\n    mode: fast\n    retries: 3\n",
        "targetPort: 8080", "kind: ConfigMap", "kind: Service", "kind: Deployment");
    for (String text : List.of(web, api)) {
      assertThat(BreakGlassOnKubeApiServerIT.DEFAULTS).noneMatch(text::contains);
      assertThat(text).doesNotContain("status", "creationTimestamp", "generation", "last-applied-configuration",
          "protocol", "internalTrafficPolicy", "clusterIPs", "ipFamilyPolicy", "securityContext");
    }

    for (String unit : List.of("api", "web")) {
      JsonNode refresh = post(unit, "/refresh?wait=60");
      assertThat(refresh.path("result").asString()).as(refresh.toString()).isEqualTo("RefreshAndNoDrift");
      JsonNode preview = post(unit, "/apply?dryRun=true");
      assertThat(preview.path("changes").size()).as(preview.toString()).isZero();
      assertThat(preview.path("objects").findValuesAsString("operation")).containsOnly("unchanged");
      assertThat(preview.path("takenOver").size()).isZero();
    }

    Kubectl.succeed(Map.of("KUBE_EDITOR", "sed -i s/memory:\\ 128Mi/memory:\\ 256Mi/"), "edit", "deployment/api", "-n", applied);
    JsonNode refresh = post("api", "/refresh?wait=60");
    assertThat(refresh.path("result").asString()).as(refresh.toString()).isEqualTo("RefreshAndDrifted");
    assertThat(refresh.path("capturedRevisionNum").asInt()).isEqualTo(2);
    assertThat(data("api")).isEqualTo(api.replace("memory: 128Mi", "memory: 256Mi"));
    JsonNode mutations = this.api.get(unit("api") + "/revisions/2").json().path("mutations");
    assertThat(mutations.size()).as(mutations.toString()).isEqualTo(1);
    assertThat(mutations.get(0).path("path").asString()).isEqualTo("spec.template.spec.containers.0.resources.limits.memory");
    assertThat(mutations.get(0).path("by").asString()).isEqualTo("refresh: kubectl-edit");

    JsonNode again = importing(false);
    assertThat(again.path("units").size()).isZero();
    Map<String, String> holders = new HashMap<>();
    again.path("skipped").forEach(object -> holders.put(object.path("kind").asString() + " " + object.path("name").asString(),
        object.path("unit").asString()));
    assertThat(holders).containsEntry("Deployment api", space + "/api").containsEntry("ConfigMap api-config", space + "/api")
        .containsEntry("Service web", space + "/web").containsEntry("Deployment web", space + "/web");
  }

  JsonNode importing(boolean dryRun) {
    Api.Response response = api.post("/api/v1/spaces/" + space + "/imports",
        Map.of("source", "cluster", "target", "sandbox", "namespaces", List.of(applied, created), "dryRun", dryRun));
    assertThat(response.status()).as(response.body()).isEqualTo(200);
    return response.json();
  }

  String unit(String slug) {
    return "/api/v1/spaces/" + space + "/units/" + slug;
  }

  String data(String slug) {
    return api.get(unit(slug) + "/data").body();
  }

  JsonNode post(String slug, String action) {
    Api.Response response = api.post(unit(slug) + action, null);
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    return response.json();
  }

  static Map<String, JsonNode> units(JsonNode report) {
    Map<String, JsonNode> units = new HashMap<>();
    report.path("units").forEach(unit -> units.put(unit.path("unit").asString(), unit));
    return units;
  }

  /** {@code Kind namespace/name}, and {@code Kind namespace} for each object skipped. */
  static List<String> skippedKinds(JsonNode report) {
    List<String> skipped = new ArrayList<>();
    report.path("skipped").forEach(object -> {
      skipped.add(object.path("kind").asString() + " " + object.path("namespace").asString());
      skipped.add(object.path("kind").asString() + " " + object.path("namespace").asString() + "/" + object.path("name").asString());
    });
    return skipped;
  }
}
