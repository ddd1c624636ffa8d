package io.tandem.apply;

import static io.tandem.support.ProblemAssert.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.tandem.TandemApplication;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.Grants;
import io.tandem.support.TandemIT;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

@TandemIT
class ApplyIT {

  static final String PAYMENT = Fixtures.paymentService();

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;
  @Autowired JdbcTemplate jdbc;
  @Autowired DataSource dataSource;
  Api api;
  KubernetesClient cluster;
  String space;
  String units;
  String namespace;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    cluster = sandbox.client();
    space = Api.uniqueSlug("apply");
    namespace = space; // objects name their namespace, so tests do not see each other's
    api.post("/api/v1/spaces", Map.of("slug", space));
    units = "/api/v1/spaces/" + space + "/units";
  }

  @AfterEach
  void tearDown() {
    cluster.close();
  }

  String inNamespace(String data) {
    return data.replace("  name: paymentservice\n", "  name: paymentservice\n  namespace: " + namespace + "\n");
  }

  void unit(String slug, String data, String target) {
    assertThat(api.post(units, Map.of("slug", slug, "data", data, "target", target)).status()).isEqualTo(201);
  }

  JsonNode apply(String slug, String query) {
    Api.Response response = api.post(units + "/" + slug + "/apply?wait=30" + query, null);
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    return response.json();
  }

  Deployment deployment() {
    return cluster.apps().deployments().inNamespace(namespace).withName("paymentservice").get();
  }

  @Test
  void applyCreatesTheObjectsAndMovesTheCounters() {
    unit("payment", inNamespace(PAYMENT), "sandbox");

    JsonNode action = apply("payment", "");

    assertThat(action.path("status").asString()).isEqualTo("Completed");
    assertThat(action.path("result").asString()).isEqualTo("ApplyCompleted");
    assertThat(action.path("action").asString()).isEqualTo("Apply");
    assertThat(action.path("revisionNum").asInt()).isEqualTo(1);
    assertThat(action.path("message").asString()).contains("2 object(s) applied");
    assertThat(deployment().getSpec().getTemplate().getSpec().getContainers().get(0).getResources().getLimits().get("memory"))
        .hasToString("128Mi");
    assertThat(cluster.services().inNamespace(namespace).withName("paymentservice").get()).isNotNull();
    JsonNode unit = api.get(units + "/payment").json();
    assertThat(unit.path("lastAppliedRevisionNum").asInt()).isEqualTo(1);
    assertThat(unit.path("liveRevisionNum").asInt()).isEqualTo(1);
    assertThat(unit.path("unappliedChanges").asBoolean()).isFalse();
    assertThat(unit.path("status").path("action").asString()).isEqualTo("Apply");
    assertThat(unit.path("status").path("actionStatus").asString()).isEqualTo("Completed");
    assertThat(unit.path("status").path("result").asString()).isEqualTo("ApplyCompleted");
    assertThat(api.get(units).items().get(0).path("status").path("result").asString()).isEqualTo("ApplyCompleted");
    assertThat(api.get("/api/v1/actions/" + action.path("id").asString()).json().path("status").asString()).isEqualTo("Completed");
  }

  @Test
  void objectsWithoutANamespaceGoToTheTargetsNamespace() {
    String name = Api.uniqueSlug("payment"); // other tests' units may own default/paymentservice
    unit("payment", PAYMENT.replace("name: paymentservice\n", "name: " + name + "\n"), "sandbox");

    apply("payment", "");

    assertThat(cluster.apps().deployments().inNamespace("default").withName(name).get()).isNotNull();
  }

  @Test
  void applyingTheSameRevisionAgainChangesNothingOnTheCluster() {
    unit("payment", inNamespace(PAYMENT), "sandbox");
    apply("payment", "");
    String resourceVersion = deployment().getMetadata().getResourceVersion();

    apply("payment", "");

    assertThat(deployment().getMetadata().getResourceVersion()).isEqualTo(resourceVersion);
  }

  @Test
  void aRevisionThatDropsAnObjectPrunesIt() {
    unit("payment", inNamespace(PAYMENT), "sandbox");
    apply("payment", "");
    String deploymentOnly = inNamespace(PAYMENT.substring(0, PAYMENT.indexOf("---")));
    api.putYaml(units + "/payment/data", deploymentOnly);

    JsonNode action = apply("payment", "");

    assertThat(action.path("message").asString()).contains("pruned");
    assertThat(cluster.services().inNamespace(namespace).withName("paymentservice").get()).isNull();
    assertThat(deployment()).isNotNull();
    JsonNode unit = api.get(units + "/payment").json();
    assertThat(unit.path("liveRevisionNum").asInt()).isEqualTo(2);
    assertThat(unit.path("previousLiveRevisionNum").asInt()).isEqualTo(1);
  }

  @Test
  void destroyRemovesEverything() {
    unit("payment", inNamespace(PAYMENT), "sandbox");
    apply("payment", "");

    Api.Response destroyed = api.post(units + "/payment/destroy?confirm=payment&wait=30", null);

    assertThat(destroyed.json().path("result").asString()).isEqualTo("DestroyCompleted");
    assertThat(deployment()).isNull();
    assertThat(cluster.services().inNamespace(namespace).withName("paymentservice").get()).isNull();
    JsonNode unit = api.get(units + "/payment").json();
    assertThat(unit.path("liveRevisionNum").asInt()).isZero();
    assertThat(unit.path("previousLiveRevisionNum").asInt()).isEqualTo(1);
    assertThat(api.get(units + "/payment/actions").items()).extracting(a -> a.path("action").asString())
        .containsExactly("Destroy", "Apply");
  }

  @Test
  void anUnreachableTargetFailsTheActionAndLeavesTheUnitAsItWas() {
    String down = Api.uniqueSlug("down");
    api.post("/api/v1/targets", Map.of("slug", down, "server", "http://127.0.0.1:1", "token", "t"));
    Grants.everySpace(api, down);
    unit("payment", inNamespace(PAYMENT), down);
    unit("other", inNamespace(PAYMENT.replace("paymentservice", "otherservice")), "sandbox");
    Api.Response queued = api.post(units + "/payment/apply", null);
    assertThat(queued.status()).isIn(200, 202);

    JsonNode otherAction = apply("other", "");
    JsonNode failed = waitFor(queued.json().path("id").asString());

    assertThat(otherAction.path("status").asString()).as("a target's outage never blocks others").isEqualTo("Completed");
    assertThat(failed.path("status").asString()).isEqualTo("Failed");
    assertThat(failed.path("result").asString()).isEqualTo("ApplyFailed");
    assertThat(failed.path("message").asString()).contains(down, "was not applied", "could not be reached",
        "connection refused").doesNotContain("token");
    JsonNode unit = api.get(units + "/payment").json();
    assertThat(unit.path("liveRevisionNum").asInt()).isZero();
    assertThat(unit.path("lastAppliedRevisionNum").asInt()).isEqualTo(1);
    assertThat(unit.path("headRevisionNum").asInt()).isEqualTo(1);
  }

  @Test
  void anApplyInStepsToAnUnreachableTargetIsNotSentAndRunsNoSyncFailHook() {
    String down = Api.uniqueSlug("down");
    api.post("/api/v1/targets", Map.of("slug", down, "server", "http://127.0.0.1:1", "token", "t"));
    Grants.everySpace(api, down);
    String hook = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: %s\n  annotations: {argocd.argoproj.io/hook: %s}\n";
    unit("payment", inNamespace(PAYMENT) + "---\n" + hook.formatted("before", "PreSync") + "---\n"
        + hook.formatted("page", "SyncFail"), down);

    JsonNode failed = waitFor(api.post(units + "/payment/apply", null).json().path("id").asString());

    assertThat(failed.path("result").asString()).isEqualTo("ApplyFailed");
    assertThat(failed.path("message").asString()).as("the unreachable outcome, which another replica may take on")
        .contains(down, "was not applied", "could not be reached").doesNotContain("SyncFail", "Steps:");
    assertThat(api.get(units + "/payment").json().path("liveRevisionNum").asInt()).isZero();
  }

  @Test
  void anApplyThatFailsHalfWayReportsWhatItAppliedAndDoesNotGoLive() {
    String widget = "---\napiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  namespace: " + namespace + "\n";
    unit("payment", inNamespace(PAYMENT) + widget, "sandbox");

    JsonNode action = apply("payment", "");

    assertThat(action.path("status").asString()).isEqualTo("Failed");
    assertThat(action.path("message").asString())
        .contains("failed at example.com/v1/Widget/" + namespace + "/w")
        .contains("apps/v1/Deployment/" + namespace + "/paymentservice");
    assertThat(deployment()).as("what was applied before the failure stays").isNotNull();
    JsonNode unit = api.get(units + "/payment").json();
    assertThat(unit.path("liveRevisionNum").asInt()).isZero();
    assertThat(unit.path("lastAppliedRevisionNum").asInt()).isEqualTo(1);
  }

  @Test
  void applyNeedsATargetAndAnExistingRevision() {
    assertThat(api.post(units, Map.of("slug", "loose", "data", PAYMENT)).status()).isEqualTo(201);
    assertProblem(api.post(units + "/loose/apply", null), 409, "conflict", "no target");
    assertProblem(api.post(units + "/loose/destroy", null), 409, "conflict", "no target");
    unit("payment", inNamespace(PAYMENT), "sandbox");
    assertProblem(api.post(units + "/payment/apply?revision=7", null), 404, "not-found", "7");
    assertProblem(api.post(units + "/payment/apply?wait=9999", null), 400, "invalid-argument", "wait");
    assertProblem(api.post(units + "/payment/refresh?wait=9999", null), 400, "invalid-argument", "wait");
    assertProblem(api.post(units + "/payment/destroy?wait=9999", null), 400, "invalid-argument", "wait");
    assertThat(api.get(units + "/payment/actions").items()).as("rejected requests queue nothing").isEmpty();
    assertProblem(api.get("/api/v1/actions/" + UUID.randomUUID()), 404, "not-found", "Action");
  }

  @Test
  void anActionWhoseLeaseExpiredIsCompletedByAnotherWorker() {
    unit("payment", inNamespace(PAYMENT), "sandbox");
    UUID unitId = jdbc.queryForObject(
        "select u.id from unit u join space s on s.id = u.space_id where s.slug = ? and u.slug = 'payment'", UUID.class, space);
    UUID actionId = UUID.randomUUID();
    // a worker that crashed mid-apply: Running, its lease run out
    jdbc.update("insert into unit_action (id, unit_id, action, revision_num, status, created_at, started_at, lease_owner,"
        + " lease_until, attempts) values (?, ?, 'Apply', 1, 'Running', now(), now(), 'crashed-worker',"
        + " now() - interval '1 second', 1)", actionId, unitId);

    JsonNode action = waitFor(actionId.toString());

    assertThat(action.path("status").asString()).isEqualTo("Completed");
    assertThat(jdbc.queryForObject("select attempts from unit_action where id = ?", Integer.class, actionId)).isEqualTo(2);
    assertThat(deployment()).isNotNull();
  }

  @Test
  void twoServersOnOneDatabaseRunEveryActionExactlyOnce() {
    List<String> slugs = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      String slug = "svc-" + i;
      unit(slug, inNamespace(PAYMENT.replace("paymentservice", "svc" + i)), "sandbox");
      slugs.add(slug);
    }
    HikariDataSource database = (HikariDataSource) dataSource;
    try (ConfigurableApplicationContext second =
        new SpringApplicationBuilder(TandemApplication.class)
            .run("--server.port=0", "--tandem.security.anonymous=true", "--spring.datasource.url=" + database.getJdbcUrl(),
                // replicas share the key that seals target credentials
                "--tandem.encryption-key=" + encryptionKey(),
                "--spring.datasource.username=" + database.getUsername(),
                "--spring.datasource.password=" + database.getPassword(), "--tandem.sandbox.enabled=false",
                "--tandem.data-dir=target/it-data-second", "--tandem.worker.threads=2",
                "--tandem.live.watch-enabled=false", "--tandem.live.detection-enabled=false",
                // the first server's sandbox is on loopback: a replica reaches it only where loopback is allowed
                "--tandem.outbound.allowed-networks=127.0.0.0/8,::1/128")) {
      List<String> ids = new ArrayList<>();
      for (int round = 0; round < 3; round++) {
        for (String slug : slugs) {
          ids.add(api.post(units + "/" + slug + "/apply", null).json().path("id").asString());
        }
      }
      for (String id : ids) {
        assertThat(waitFor(id).path("status").asString()).isEqualTo("Completed");
      }
      for (String id : ids) {
        assertThat(jdbc.queryForObject("select attempts from unit_action where id = ?", Integer.class, UUID.fromString(id)))
            .as("action %s ran once", id).isEqualTo(1);
      }
      // one unit's actions ran one after the other, in order
      for (String slug : slugs) {
        List<JsonNode> actions = api.get(units + "/" + slug + "/actions").items();
        for (int i = 0; i + 1 < actions.size(); i++) {
          Instant laterStart = Instant.parse(actions.get(i).path("startedAt").asString());
          Instant earlierEnd = Instant.parse(actions.get(i + 1).path("finishedAt").asString());
          assertThat(laterStart).isAfterOrEqualTo(earlierEnd);
        }
      }
    }
  }

  static String encryptionKey() {
    try {
      return java.nio.file.Files.readString(java.nio.file.Path.of("target/it-data/encryption.key")).trim();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  JsonNode waitFor(String id) {
    return await("action " + id + " finished").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50))
        .until(() -> api.get("/api/v1/actions/" + id).json(),
            action -> List.of("Completed", "Failed", "Canceled").contains(action.path("status").asString()));
  }
}
