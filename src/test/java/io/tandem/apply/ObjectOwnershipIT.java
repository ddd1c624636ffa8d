package io.tandem.apply;

import static io.tandem.support.ProblemAssert.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.tandem.action.domain.ActionQueue;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.TandemIT;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/** One object belongs to one unit: another unit's apply of it is refused, unless it takes the object over. */
@TandemIT
class ObjectOwnershipIT {

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;
  @Autowired JdbcTemplate jdbc;
  @Autowired ActionQueue queue;
  Api api;
  KubernetesClient cluster;
  String first;
  String second;
  String namespace;
  String data;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    cluster = sandbox.client();
    first = Api.uniqueSlug("owner");
    second = Api.uniqueSlug("taker");
    namespace = first;
    data = Fixtures.paymentService().replace("  name: paymentservice\n", "  name: paymentservice\n  namespace: " + namespace + "\n");
    api.post("/api/v1/spaces", Map.of("slug", first));
    api.post("/api/v1/spaces", Map.of("slug", second));
    unit(first, data);
    unit(second, data.replace("memory: 128Mi", "memory: 256Mi"));
  }

  @AfterEach
  void tearDown() {
    cluster.close();
  }

  void unit(String space, String unitData) {
    Api.Response created = api.post("/api/v1/spaces/" + space + "/units",
        Map.of("slug", "payment", "data", unitData, "target", "sandbox"));
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
  }

  static String unit(String space) {
    return "/api/v1/spaces/" + space + "/units/payment";
  }

  JsonNode finished(String path) {
    Api.Response response = api.post(path + (path.contains("?") ? "&" : "?") + "wait=30", null);
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    return response.json();
  }

  JsonNode applied(String space, String query) {
    JsonNode action = finished(unit(space) + "/apply" + query);
    assertThat(action.path("result").asString()).as(action.toString()).isEqualTo("ApplyCompleted");
    return action;
  }

  String memory() {
    Deployment deployment = cluster.apps().deployments().inNamespace(namespace).withName("paymentservice").get();
    return deployment.getSpec().getTemplate().getSpec().getContainers().get(0).getResources().getLimits().get("memory").toString();
  }

  @Test
  void anApplyOfAnObjectAnotherUnitAppliedIsRefusedWith409NamingThatUnitAndChangesNothing() {
    applied(first, "");

    Api.Response refused = api.post(unit(second) + "/apply?wait=30", null);

    assertProblem(refused, 409, "object-owned-by-another-unit", "apps/Deployment " + namespace + "/paymentservice");
    assertThat(refused.json().path("detail").asString()).contains("unit '" + first + "/payment'").contains("takeOver=true");
    assertThat(refused.json().path("objects").findValuesAsString("unit")).containsOnly(first + "/payment");
    assertThat(memory()).isEqualTo("128Mi");
    JsonNode taker = api.get(unit(second)).json();
    assertThat(taker.path("lastAppliedRevisionNum").asInt()).isZero();
    assertThat(api.get(unit(second) + "/actions").items()).isEmpty();
  }

  @Test
  void aUnitReapplyingItsOwnObjectsIsUnaffected() {
    applied(first, "");
    api.putYaml(unit(first) + "/data", data.replace("memory: 128Mi", "memory: 192Mi"));

    applied(first, "");

    assertThat(memory()).isEqualTo("192Mi");
  }

  @Test
  void withTakeOverTheApplyProceedsAndTheFirstUnitReportsTheObjectsMissingNotDrifted() {
    applied(first, "");

    JsonNode takeover = applied(second, "?takeOver=true");

    assertThat(takeover.path("message").asString()).contains("took over from other units")
        .contains("apps/Deployment " + namespace + "/paymentservice (unit '" + first + "/payment')");
    assertThat(memory()).isEqualTo("256Mi");
    JsonNode refresh = finished(unit(first) + "/refresh");
    assertThat(refresh.path("result").asString()).as(refresh.toString()).isEqualTo("RefreshAndNoDrift");
    assertThat(refresh.path("message").asString()).contains("is now applied by unit '" + second + "/payment'");
    assertThat(api.get(unit(first)).json().path("drift").asString()).isEqualTo("None");
    assertThat(api.get(unit(first) + "/live").json().path("missing").values().stream().map(JsonNode::asString))
        .contains("apps/v1/Deployment/" + namespace + "/paymentservice", "v1/Service/" + namespace + "/paymentservice");
    assertThat(api.get(unit(first) + "/revisions").items()).as("nothing captured").hasSize(1);
    assertProblem(api.post(unit(first) + "/apply?wait=30", null), 409, "object-owned-by-another-unit", second + "/payment");
  }

  @Test
  void destroyOfTheFirstUnitAfterATakeoverLeavesTheObjectOfTheSecond() {
    applied(first, "");
    String deploymentOnly = data.replace("memory: 128Mi", "memory: 256Mi").substring(0, data.indexOf("---"));
    api.putYaml(unit(second) + "/data", deploymentOnly);
    applied(second, "?takeOver=true");

    JsonNode destroyed = finished(unit(first) + "/destroy?confirm=payment");

    assertThat(destroyed.path("result").asString()).as(destroyed.toString()).isEqualTo("DestroyCompleted");
    assertThat(destroyed.path("message").asString()).contains("Deleted 1 object(s)")
        .contains("left apps/Deployment " + namespace + "/paymentservice (unit '" + second + "/payment')");
    assertThat(memory()).isEqualTo("256Mi");
    assertThat(cluster.services().inNamespace(namespace).withName("paymentservice").get()).as("the first unit's own").isNull();
    assertThat(finished(unit(second) + "/refresh").path("result").asString()).isEqualTo("RefreshAndNoDrift");
  }

  @Test
  void aPruneLeavesAnObjectAnotherUnitTookOver() {
    applied(first, "");
    String serviceOnly = data.substring(data.indexOf("---"));
    api.putYaml(unit(second) + "/data", serviceOnly);
    applied(second, "?takeOver=true");
    api.putYaml(unit(first) + "/data", data.substring(0, data.indexOf("---")));

    JsonNode pruned = applied(first, "");

    assertThat(pruned.path("message").asString()).doesNotContain("pruned")
        .contains("left Service " + namespace + "/paymentservice (unit '" + second + "/payment')");
    assertThat(cluster.services().inNamespace(namespace).withName("paymentservice").get()).isNotNull();
  }

  @Test
  void aBulkApplyReportsAnObjectOfAnotherUnitAsThatUnitsError() {
    applied(first, "");

    Api.Response bulk = api.post("/api/v1/spaces/" + second + "/actions", Map.of("action", "apply"));

    assertThat(bulk.status()).isEqualTo(207);
    JsonNode error = bulk.json().path("results").get(0).path("error");
    assertThat(error.path("code").asString()).isEqualTo("object-owned-by-another-unit");
    assertThat(error.path("detail").asString()).contains(first + "/payment");
    assertThat(memory()).isEqualTo("128Mi");
  }

  @Test
  void anApplyThatMeetsAnotherUnitsObjectOnlyWhenItRunsFailsWithTheReasonAndAppliesNothing() {
    applied(first, "");
    UUID taker = jdbc.queryForObject("select u.id from unit u join space s on s.id = u.space_id where s.slug = ?"
        + " and u.slug = 'payment'", UUID.class, second);

    // as if queued before the first unit's apply ran (a bulk apply, a revert): the worker checks again
    String id = queue.enqueueApply(taker, 1, false, List.of(), Instant.now()).id().toString();

    JsonNode failed = waitFor(id);
    assertThat(failed.path("status").asString()).isEqualTo("Failed");
    assertThat(failed.path("result").asString()).isEqualTo("ApplyFailed");
    assertThat(failed.path("message").asString())
        .contains("apps/Deployment " + namespace + "/paymentservice (unit '" + first + "/payment')")
        .contains("takeOver=true").contains("Nothing was applied");
    assertThat(api.get(unit(second)).json().path("lastAppliedRevisionNum").asInt()).isZero();
    assertThat(memory()).isEqualTo("128Mi");
  }

  @Test
  void theObjectsOfUnitsAppliedBeforeOwnershipWasRecordedAreTakenFromTheirLiveState() throws Exception {
    applied(first, "");
    jdbc.update("delete from applied_object where unit_id = (select u.id from unit u join space s on s.id = u.space_id"
        + " where s.slug = ? and u.slug = 'payment')", first);
    String migration = Files.readString(Path.of("db/migrations/V014__applied_objects.sql"));

    // V014's backfill, run on today's schema: the unit's drift is read where V032 keeps it (no row: None)
    jdbc.update(migration.substring(migration.indexOf("INSERT INTO applied_object"))
        .replace("(u.drift = 'None')", "(NOT EXISTS (SELECT 1 FROM unit_drift d WHERE d.unit_id = u.id))"));

    assertProblem(api.post(unit(second) + "/apply?wait=30", null), 409, "object-owned-by-another-unit", first + "/payment");
  }

  JsonNode waitFor(String id) {
    return await("action " + id + " finished").atMost(Duration.ofSeconds(30))
        .until(() -> api.get("/api/v1/actions/" + id).json(),
            action -> List.of("Completed", "Failed").contains(action.path("status").asString()));
  }
}
