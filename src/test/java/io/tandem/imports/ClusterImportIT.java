package io.tandem.imports;

import static io.tandem.support.ProblemAssert.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Grants;
import io.tandem.support.OutOfBand;
import io.tandem.support.TandemIT;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Imports from the sandbox's mock API server: selection, grouping, what is left out, units born live, and the
 * problems of bad requests. The mock keeps no managedFields, so objects are taken as a refresh cleans them; what is
 * taken from managedFields is {@code AsWrittenTest}'s and {@code ClusterImportOnKubeApiServerIT}'s.
 */
@TandemIT
class ClusterImportIT {

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;
  Api api;
  OutOfBand cluster;
  String space;
  String shop;
  String billing;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    cluster = OutOfBand.asATool(sandbox);
    space = Api.uniqueSlug("adopt");
    shop = space + "-shop";
    billing = space + "-billing";
    api.post("/api/v1/spaces", Map.of("slug", space));
    create(shop, deployment("web", "app.kubernetes.io/name: web"), service("web", "app.kubernetes.io/name: web"),
        configMap("web-settings", "app.kubernetes.io/name: web"), configMap("loose", null),
        configMap("kube-root-ca.crt", null), "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: default\n",
        replicaSetOf("web"));
    create(billing, deployment("web", "app: web"), deployment("ledger", "app: ledger"));
  }

  @AfterEach
  void tearDown() {
    cluster.close();
  }

  @Test
  void aDryRunListsTheUnitsItWouldMakeAndWhatItLeavesOutAndMakesNothing() {
    JsonNode report = importing(Map.of("target", "sandbox", "namespaces", List.of(shop, billing), "dryRun", true));

    assertThat(report.path("source").asString()).isEqualTo("cluster");
    assertThat(report.path("dryRun").asBoolean()).isTrue();
    assertThat(units(report)).containsOnlyKeys(shop + "-web", billing + "-web", "ledger", "loose");
    assertThat(objects(units(report).get(shop + "-web"))).containsExactly(
        "ConfigMap " + shop + "/web-settings", "Service " + shop + "/web", "Deployment " + shop + "/web");
    assertThat(units(report).values()).allSatisfy(unit -> {
      assertThat(unit.path("outcome").asString()).isEqualTo("Planned");
      assertThat(unit.path("revisionNum").isNull()).isTrue();
    });
    Map<String, String> skipped = skipped(report);
    assertThat(skipped).containsOnlyKeys("ReplicaSet " + shop + "/web-5d4f", "ConfigMap " + shop + "/kube-root-ca.crt",
        "ServiceAccount " + shop + "/default");
    assertThat(skipped.get("ReplicaSet " + shop + "/web-5d4f")).isEqualTo("Owned by Deployment web, whose configuration makes it.");
    assertThat(api.get("/api/v1/spaces/" + space + "/units").items()).isEmpty();
  }

  @Test
  void theUnitsAreBornLiveSoARefreshFindsNoDriftAndASecondImportIsRefusedObjectByObject() {
    JsonNode report = importing(Map.of("target", "sandbox", "namespaces", List.of(shop), "kinds", List.of("Deployment", "core/Service")));

    JsonNode web = units(report).get("web");
    assertThat(web.path("outcome").asString()).isEqualTo("Created");
    assertThat(web.path("revisionNum").asInt()).isEqualTo(1);
    assertThat(report.path("summary").path("created").asInt()).isEqualTo(1);
    String unit = "/api/v1/spaces/" + space + "/units/web";
    JsonNode created = api.get(unit).json();
    assertThat(created.path("target").asString()).isEqualTo("sandbox");
    assertThat(created.path("liveRevisionNum").asInt()).isEqualTo(1);
    assertThat(created.path("lastAppliedRevisionNum").asInt()).isEqualTo(1);
    assertThat(created.path("drift").asString()).isEqualTo("None");
    assertThat(api.get(unit + "/revisions/1").json().path("source").asString()).isEqualTo("Import");
    assertThat(created.path("data").asString()).startsWith("apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  namespace: " + shop + "\n")
        .contains("---\napiVersion: apps/v1\nkind: Deployment\n")
        .doesNotContain("uid", "resourceVersion", "creationTimestamp", "status");
    assertThat(api.get(unit + "/live").json().path("drift").asString()).isEqualTo("None");

    JsonNode refresh = api.post(unit + "/refresh?wait=30", null).json();
    assertThat(refresh.path("result").asString()).as(refresh.toString()).isEqualTo("RefreshAndNoDrift");

    JsonNode again = importing(Map.of("target", "sandbox", "namespaces", List.of(shop), "kinds", List.of("Deployment", "Service")));
    assertThat(again.path("units").size()).isZero();
    assertThat(again.path("skipped").findValuesAsString("unit")).containsExactly(space + "/web", space + "/web");
    assertThat(skipped(again).get("Deployment " + shop + "/web")).contains("Unit '" + space + "/web' holds it already");
  }

  @Test
  void namesLiftWhatIsLeftOutAndTheSelectorAndGroupingAreHonoured() {
    JsonNode named = importing(Map.of("target", "sandbox", "namespaces", List.of(shop), "names", List.of("kube-root-ca.crt"),
        "groupBy", "object", "dryRun", true));
    assertThat(units(named)).containsOnlyKeys("kube-root-ca-crt");
    assertThat(named.path("skipped").size()).isZero();

    JsonNode selected = importing(Map.of("target", "sandbox", "namespaces", List.of(shop, billing), "labelSelector", "app=web",
        "groupBy", "namespace", "dryRun", true));
    assertThat(units(selected)).containsOnlyKeys(billing);
    assertThat(objects(units(selected).get(billing))).containsExactly("Deployment " + billing + "/web");

    JsonNode byObject = importing(Map.of("target", "sandbox", "namespaces", List.of(shop), "kinds", List.of("Deployment", "Service"),
        "groupBy", "object", "dryRun", true));
    assertThat(units(byObject)).containsOnlyKeys("web-deployment", "web-service");
  }

  @Test
  void badRequestsAreProblemsAndChangeNothing() {
    String imports = "/api/v1/spaces/" + space + "/imports";
    assertProblem(api.post(imports, Map.of("source", "cluster")), 400, "validation-failed", "'target' is required");
    assertProblem(api.post(imports, Map.of("source", "cluster", "target", "sandbox", "groupBy", "team")), 400,
        "validation-failed", "'groupBy' must be 'namespace', 'app' or 'object'");
    assertProblem(api.post(imports, Map.of("source", "cluster", "target", "sandbox", "labelSelector", "app in web")), 400,
        "validation-failed", "'labelSelector' is not a label selector");
    assertProblem(api.post(imports, Map.of("source", "cluster", "target", "sandbox", "kinds", List.of("apps/Deploy ment"))),
        400, "validation-failed", "'kinds'");
    assertProblem(api.post(imports, Map.of("source", "cluster", "target", "sandbox", "kinds", List.of("Gadget"))), 400,
        "validation-failed", "Kind 'Gadget' is not served by the cluster");
    assertProblem(api.post(imports, Map.of("source", "cluster", "target", "sandbox", "kinds", List.of("Namespace"))), 400,
        "validation-failed", "not namespaced");
    assertProblem(api.post(imports, Map.of("source", "cluster", "target", "sandbox", "url", "https://example.com/x.git")), 400,
        "validation-failed", "url do not apply to source 'cluster'");
    assertProblem(api.post(imports, Map.of("source", "cluster", "target", "nowhere")), 404, "not-found", "Target 'nowhere'");
    assertProblem(api.post("/api/v1/spaces/" + space + "-none/imports", Map.of("source", "cluster", "target", "sandbox")), 404,
        "not-found", space + "-none");

    String unreachable = Api.uniqueSlug("gone");
    assertThat(api.post("/api/v1/targets", Map.of("slug", unreachable, "server", "http://127.0.0.1:1", "token", "t")).status())
        .isEqualTo(201);
    Grants.everySpace(api, unreachable);
    assertProblem(api.post(imports, Map.of("source", "cluster", "target", unreachable)), 502, "target-unreachable",
        "Nothing was imported");
    api.delete("/api/v1/targets/" + unreachable);

    assertThat(api.get("/api/v1/spaces/" + space + "/units").items()).isEmpty();
  }

  JsonNode importing(Map<String, Object> body) {
    Map<String, Object> request = new HashMap<>(body);
    request.put("source", "cluster");
    Api.Response response = api.post("/api/v1/spaces/" + space + "/imports", request);
    assertThat(response.status()).as(response.body()).isEqualTo(200);
    return response.json();
  }

  static Map<String, JsonNode> units(JsonNode report) {
    Map<String, JsonNode> units = new HashMap<>();
    report.path("units").forEach(unit -> units.put(unit.path("unit").asString(), unit));
    return units;
  }

  static List<String> objects(JsonNode unit) {
    List<String> objects = new ArrayList<>();
    unit.path("objects").forEach(object -> objects.add(object.path("kind").asString() + " "
        + object.path("namespace").asString() + "/" + object.path("name").asString()));
    return objects;
  }

  static Map<String, String> skipped(JsonNode report) {
    Map<String, String> skipped = new HashMap<>();
    report.path("skipped").forEach(object -> skipped.put(object.path("kind").asString() + " "
        + object.path("namespace").asString() + "/" + object.path("name").asString(), object.path("reason").asString()));
    return skipped;
  }

  void create(String namespace, String... manifests) {
    cluster.namespace(namespace);
    for (String manifest : manifests) {
      cluster.client().resource(manifest).inNamespace(namespace).create();
    }
  }

  static String deployment(String name, String label) {
    return """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: %1$s
          labels:
            %2$s
        spec:
          replicas: 2
          selector:
            matchLabels:
              %2$s
          template:
            metadata:
              labels:
                %2$s
            spec:
              containers:
                - name: %1$s
                  image: nginx:1.27
        """.formatted(name, label);
  }

  static String service(String name, String label) {
    return """
        apiVersion: v1
        kind: Service
        metadata:
          name: %1$s
          labels:
            %2$s
        spec:
          selector:
            %2$s
          ports:
            - port: 80
        """.formatted(name, label);
  }

  static String configMap(String name, String label) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\n"
        + (label == null ? "" : "  labels:\n    " + label + "\n") + "data:\n  settings.yaml: |\n    mode: fast\n";
  }

  static String replicaSetOf(String deployment) {
    return """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata:
          name: %1$s-5d4f
          ownerReferences:
            - apiVersion: apps/v1
              kind: Deployment
              name: %1$s
              uid: 0d4ac6a4-0000-4000-8000-000000000001
              controller: true
        spec:
          selector:
            matchLabels:
              app.kubernetes.io/name: %1$s
          template:
            metadata:
              labels:
                app.kubernetes.io/name: %1$s
            spec:
              containers:
                - name: %1$s
                  image: nginx:1.27
        """.formatted(deployment);
  }
}
