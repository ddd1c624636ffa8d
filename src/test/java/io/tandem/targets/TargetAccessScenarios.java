package io.tandem.targets;

import static io.tandem.support.ProblemAssert.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.OutOfBand;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Who may use a target: only the spaces it is granted to, for the uses, namespaces and scope the grant names, whoever
 * calls; creating a space is an organisation-level permission; taking another space's objects over and making the
 * server apply or delete on its own need what those actions need. Run on both engines ({@link TargetAccessIT},
 * {@link TargetAccessOnKubeApiServerIT}) against a target registered here with the sandbox's credentials, which starts
 * with no grants (the sandbox's own grant to every space does not reach it).
 */
abstract class TargetAccessScenarios {

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;
  /** Without a token: anonymous from loopback, an organisation admin (as the other tests call). */
  Api admin;
  OutOfBand tool;
  KubernetesClient cluster;
  String space;
  String target;
  String units;

  @BeforeEach
  void setUp() {
    admin = new Api(port);
    tool = OutOfBand.asATool(sandbox);
    cluster = tool.client();
    space = Api.uniqueSlug("grant");
    target = space + "-cluster";
    units = "/api/v1/spaces/" + space + "/units";
    tool.namespace(space);
    assertThat(admin.post("/api/v1/spaces", Map.of("slug", space)).status()).isEqualTo(201);
    String kubeconfig = admin.get("/api/v1/targets/sandbox/kubeconfig").body();
    Api.Response created = admin.post("/api/v1/targets",
        Map.of("slug", target, "kubeconfig", kubeconfig, "context", "sandbox", "namespace", space));
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
  }

  @AfterEach
  void tearDown() {
    for (String slug : List.of(space, space + "-other")) {
      admin.delete("/api/v1/spaces/" + slug + "?recursive=true&confirm=" + slug);
    }
    admin.delete("/api/v1/targets/" + target);
    tool.close();
  }

  @Test
  void aTokenWithoutCreateSpacesCannotCreateASpaceAndOneWithItBecomesItsAdmin() {
    String nobody = token("nobody-" + space, false);
    assertProblem(admin.post("/api/v1/spaces", Map.of("slug", space + "-other"), auth(nobody)), 403, "forbidden",
        "createSpaces");
    assertThat(admin.get("/api/v1/spaces/" + space + "-other").status()).isEqualTo(404);

    String creator = token("creator-" + space, true);
    assertThat(admin.get("/api/v1/whoami", auth(creator)).json().path("createSpaces").asBoolean()).isTrue();
    assertThat(admin.post("/api/v1/spaces", Map.of("slug", space + "-other"), auth(creator)).status()).isEqualTo(201);
    assertThat(admin.get("/api/v1/spaces/" + space + "-other/roles", auth(creator)).status()).isEqualTo(200);
  }

  @Test
  void aSpaceWithoutAGrantIsRefusedOnEveryRouteThatUsesTheTargetWhoeverCalls() {
    String owner = spaceOf("owner-" + space);
    unit("web", Fixtures.paymentService());
    String unit = units + "/web";
    for (String[] caller : List.of(auth(owner), new String[0])) {
      List<String> wrong = new ArrayList<>();
      expectRefused(wrong, "apply", admin.post(unit + "/apply?wait=30", null, caller));
      expectRefused(wrong, "preview", admin.post(unit + "/apply?dryRun=true", null, caller));
      expectRefused(wrong, "refresh", admin.post(unit + "/refresh?wait=30", null, caller));
      expectRefused(wrong, "destroy", admin.post(unit + "/destroy?wait=30&confirm=web", null, caller));
      expectRefused(wrong, "live", admin.get(unit + "/live", caller));
      expectRefused(wrong, "import", admin.post("/api/v1/spaces/" + space + "/imports",
          Map.of("source", "cluster", "target", target, "namespaces", List.of(space), "dryRun", true), caller));
      Api.Response bulk = admin.post("/api/v1/spaces/" + space + "/actions", Map.of("action", "apply"), caller);
      if (!bulk.body().contains("target-not-allowed") && !bulk.body().contains("may not apply")) {
        wrong.add("bulk apply: " + bulk);
      }
      assertThat(wrong).as(caller.length == 0 ? "as an organisation admin" : "as the space's admin").isEmpty();
    }
    assertThat(cluster.apps().deployments().inNamespace(space).withName("paymentservice").get()).isNull();
    assertThat(admin.get(unit + "/actions").json().path("items").size()).as("nothing was queued").isZero();

    grant(Map.of("uses", List.of("apply")));
    assertThat(finished(unit + "/apply", auth(owner)).path("result").asString()).isEqualTo("ApplyCompleted");
    assertThat(admin.get(unit + "/live", auth(owner)).status()).isEqualTo(200);
    assertThat(finished(unit + "/refresh", auth(owner)).path("status").asString()).isEqualTo("Completed");

    assertThat(admin.delete("/api/v1/targets/" + target + "/grants/" + space).status()).isEqualTo(204);
    assertProblem(admin.post(unit + "/refresh?wait=30", null, auth(owner)), 403, "target-not-allowed", space);
    assertProblem(admin.get(unit + "/live", auth(owner)), 403, "target-not-allowed", "grant");
  }

  @Test
  void aGrantCoversItsNamespacesOnlyAndObjectsOfClusterScopeNeedTheirOwnAllowance() {
    grant(Map.of("uses", List.of("apply"), "namespaces", List.of(space + "*")));
    String elsewhere = Fixtures.paymentService().replace("name: paymentservice", "name: paymentservice\n  namespace: default");
    unit("elsewhere", elsewhere);
    assertProblem(admin.post(units + "/elsewhere/apply", null), 403, "target-not-allowed", "default/paymentservice");

    String binding = """
        apiVersion: rbac.authorization.k8s.io/v1
        kind: ClusterRoleBinding
        metadata:
          name: %s-admin
        roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: cluster-admin}
        subjects: [{kind: ServiceAccount, name: default, namespace: %s}]
        """.formatted(space, space);
    unit("binding", binding);
    assertProblem(admin.post(units + "/binding/apply", null), 403, "target-not-allowed", "cluster scope");
    assertThat(cluster.rbac().clusterRoleBindings().withName(space + "-admin").get()).isNull();

    // its own namespace, as an object, is within what it may use
    unit("home", "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: " + space + "-home\n");
    assertThat(finished(units + "/home/apply").path("result").asString()).isEqualTo("ApplyCompleted");

    grant(Map.of("uses", List.of("apply"), "namespaces", List.of(space + "*"), "clusterScoped", true));
    assertThat(finished(units + "/binding/apply").path("result").asString()).isEqualTo("ApplyCompleted");
    assertThat(cluster.rbac().clusterRoleBindings().withName(space + "-admin").get()).isNotNull();
    finished(units + "/binding/destroy?confirm=binding");
    finished(units + "/home/destroy?confirm=home");
  }

  @Test
  void aClusterImportSkipsSecretsUnlessItsGrantBringsTheirValues() {
    cluster.secrets().inNamespace(space).resource(new SecretBuilder().withNewMetadata().withName("db").endMetadata()
        .addToStringData("password", "hunter2-" + space).build()).create();
    Map<String, Object> body = Map.of("source", "cluster", "target", target, "namespaces", List.of(space),
        "kinds", List.of("Secret"), "groupBy", "object");
    grant(Map.of("uses", List.of("import", "read-live")));
    Api.Response skipped = admin.post("/api/v1/spaces/" + space + "/imports", body);
    assertThat(skipped.status()).as(skipped.toString()).isEqualTo(200);
    assertThat(skipped.body()).contains("does not bring Secret values").doesNotContain("hunter2");
    assertThat(admin.get(units).json().path("items").size()).isZero();

    grant(Map.of("uses", List.of("import", "read-live"), "namespaces", List.of("default"), "secrets", true));
    assertProblem(admin.post("/api/v1/spaces/" + space + "/imports", body), 403, "target-not-allowed", space);

    grant(Map.of("uses", List.of("import", "read-live"), "secrets", true));
    Api.Response imported = admin.post("/api/v1/spaces/" + space + "/imports", body);
    assertThat(imported.status()).as(imported.toString()).isEqualTo(200);
    assertThat(admin.get(units).json().path("items").size()).isEqualTo(1);
  }

  @Test
  void takingOverAnotherSpacesObjectNeedsApplierThereAndStopsAtItsApprovals() {
    String victim = space + "-other";
    assertThat(admin.post("/api/v1/spaces", Map.of("slug", victim)).status()).isEqualTo(201);
    grant(Map.of("uses", List.of("apply")));
    assertThat(admin.send("PUT", "/api/v1/targets/" + target + "/grants/" + victim, "application/json",
        "{\"uses\":[\"apply\"]}").status()).isEqualTo(200);
    assertThat(admin.post("/api/v1/spaces/" + victim + "/units",
        Map.of("slug", "web", "data", Fixtures.paymentService(), "target", target)).status()).isEqualTo(201);
    assertThat(finished("/api/v1/spaces/" + victim + "/units/web/apply").path("result").asString())
        .isEqualTo("ApplyCompleted");

    String attacker = spaceOf("attacker-" + space);
    unit("web", Fixtures.paymentService().replace("memory: 128Mi", "memory: 256Mi"));
    assertProblem(admin.post(units + "/web/apply?takeOver=true", null, auth(attacker)), 403, "forbidden", victim);

    role(victim, "attacker-" + space, "applier");
    assertThat(admin.patch("/api/v1/spaces/" + victim, Map.of("requiredApprovals", 1)).status()).isEqualTo(200);
    assertProblem(admin.post(units + "/web/apply?takeOver=true", null, auth(attacker)), 409, "apply-gated", "approval");
    assertThat(cluster.apps().deployments().inNamespace(space).withName("paymentservice").get().getSpec().getTemplate()
        .getSpec().getContainers().get(0).getResources().getLimits().get("memory").toString()).isEqualTo("128Mi");

    assertThat(admin.patch("/api/v1/spaces/" + victim, Map.of("requiredApprovals", 0)).status()).isEqualTo(200);
    JsonNode taken = finished(units + "/web/apply?takeOver=true", auth(attacker));
    assertThat(taken.path("result").asString()).as(taken.toString()).isEqualTo("ApplyCompleted");
    finished("/api/v1/spaces/" + space + "/units/web/destroy?confirm=web");
  }

  @Test
  void anEditorCannotMakeTheServerApplyOrDeleteForIt() {
    grant(Map.of("uses", List.of("apply")));
    unit("web", Fixtures.paymentService());
    String editor = token("editor-" + space, false);
    role(space, "editor-" + space, "editor");
    String unit = units + "/web";
    assertProblem(admin.patch(unit, Map.of("applyMode", "Continuous"), auth(editor)), 403, "forbidden", "applier");
    assertProblem(admin.patch(unit, Map.of("driftMode", "Revert"), auth(editor)), 403, "forbidden", "applier");
    assertProblem(admin.post(units, Map.of("slug", "other", "data", "", "driftMode", "Revert"), auth(editor)), 403,
        "forbidden", "applier");
    assertThat(admin.get(unit).json().path("applyMode").isNull()).isTrue();

    assertThat(finished(unit + "/apply").path("result").asString()).isEqualTo("ApplyCompleted");
    Api.Response move = admin.patch(unit + "?moveObjects=true", Map.of("target", "sandbox"), auth(editor));
    assertProblem(move, 403, "forbidden", "applier");
    assertProblem(admin.patch(unit + "?moveObjects=true", Map.of("target", "sandbox")), 409, "confirmation-required",
        "confirm=web");
    assertThat(admin.get(unit).json().path("target").asString()).isEqualTo(target);
  }

  @Test
  void theLoopDeletesNothingWhileTheDestroyGateIsOn() {
    grant(Map.of("uses", List.of("apply")));
    unit("web", Fixtures.paymentService());
    String unit = units + "/web";
    assertThat(admin.patch(unit, Map.of("applyMode", "Continuous")).status()).isEqualTo(200);
    await("the loop applies revision 1").atMost(Duration.ofSeconds(30))
        .until(() -> admin.get(unit).json().path("liveRevisionNum").asInt() == 1);

    assertThat(admin.putYaml(unit + "/data", "").status()).isEqualTo(200);
    await("the loop's apply of the empty revision refused").atMost(Duration.ofSeconds(30))
        .until(() -> admin.get(unit + "/actions").body().contains("destroy gate on"));
    assertThat(cluster.apps().deployments().inNamespace(space).withName("paymentservice").get()).isNotNull();
    assertThat(admin.get(unit).json().path("liveRevisionNum").asInt()).isEqualTo(1);
    admin.patch(unit, Map.of("applyMode", "OnDemand"));
    finished(unit + "/destroy?confirm=web");
  }

  @Test
  void onlyOrganisationAdminsGrantAndABadGrantChangesNothing() {
    String owner = spaceOf("owner-" + space);
    String grants = "/api/v1/targets/" + target + "/grants";
    assertProblem(admin.send("PUT", grants + "/" + space, "application/json", "{\"uses\":[\"apply\"]}", auth(owner)),
        403, "forbidden", "organisation admin");
    assertProblem(admin.send("PUT", grants + "/" + space, "application/json", "{\"uses\":[\"everything\"]}"), 400,
        "validation-failed", "everything");
    assertProblem(admin.send("PUT", grants + "/" + space, "application/json", "{\"uses\":[]}"), 400,
        "validation-failed", "uses");
    assertProblem(admin.send("PUT", grants + "/" + space, "application/json",
        "{\"uses\":[\"apply\"],\"namespaces\":[\"../x\"]}"), 400, "validation-failed", "namespaces");
    assertProblem(admin.send("PUT", grants + "/no-such-space", "application/json", "{\"uses\":[\"apply\"]}"), 404,
        "not-found", "no-such-space");
    assertThat(admin.get(grants).json().path("items").size()).isZero();

    JsonNode granted = admin.send("PUT", grants + "/" + space, "application/json", "{\"uses\":[\"apply\",\"import\"]}")
        .json();
    assertThat(granted.path("uses").toString()).isEqualTo("[\"apply\",\"import\"]");
    assertThat(granted.path("namespaces").toString()).isEqualTo("[\"*\"]");
    assertThat(granted.path("grantedBy").asString()).isNotBlank();
    assertThat(admin.get(grants).json().path("items").size()).isEqualTo(1);
  }

  void expectRefused(List<String> wrong, String what, Api.Response response) {
    if (response.status() != 403 || !"target-not-allowed".equals(response.code())) {
      wrong.add(what + ": " + response);
    }
  }

  void grant(Map<String, Object> grant) {
    Api.Response granted = admin.send("PUT", "/api/v1/targets/" + target + "/grants/" + space, "application/json",
        Api.JSON.writeValueAsString(grant));
    assertThat(granted.status()).as(granted.toString()).isEqualTo(200);
  }

  /** A token of the space's admin. */
  String spaceOf(String subject) {
    String secret = token(subject, false);
    role(space, subject, "admin");
    return secret;
  }

  void unit(String slug, String data) {
    Api.Response created = admin.post(units, Map.of("slug", slug, "data", data, "target", target));
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
  }

  String token(String subject, boolean createSpaces) {
    Api.Response issued = admin.post("/api/v1/tokens", Map.of("subject", subject, "createSpaces", createSpaces));
    assertThat(issued.status()).as(issued.toString()).isEqualTo(201);
    return issued.json().path("secret").asString();
  }

  void role(String in, String subject, String role) {
    assertThat(admin.send("PUT", "/api/v1/spaces/" + in + "/roles/" + subject, "application/json",
        "{\"role\":\"" + role + "\"}").status()).isEqualTo(200);
  }

  JsonNode finished(String path, String... headers) {
    Api.Response response = admin.post(path + (path.contains("?") ? "&" : "?") + "wait=60", null, headers);
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    return response.json();
  }

  static String[] auth(String token) {
    return new String[] {"Authorization", "Bearer " + token};
  }
}
