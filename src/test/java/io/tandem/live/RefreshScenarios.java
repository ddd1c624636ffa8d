package io.tandem.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.Grants;
import io.tandem.support.OutOfBand;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * Live → configuration on the sandbox: break-glass changes are detected, captured, and can be restored away. Run on
 * both engines ({@link RefreshIT}, {@link RefreshOnKubeApiServerIT}); what differs is only what a real API server adds
 * (defaults, managedFields), which must never reach the configuration.
 */
abstract class RefreshScenarios {

  /** Fields that only the API server writes (defaults and bookkeeping); the fixture sets none of them. */
  static final List<String> SERVER_FIELDS = List.of("imagePullPolicy", "terminationMessagePath", "dnsPolicy",
      "restartPolicy", "strategy", "revisionHistoryLimit", "progressDeadlineSeconds", "sessionAffinity", "clusterIP",
      "ipFamilies", "schedulerName", "deployment.kubernetes.io/revision", "managedFields", "resourceVersion", "uid");

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;
  @Autowired JdbcTemplate jdbc;
  Api api;
  OutOfBand kubectl;
  String space;
  String unit;
  String original;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    kubectl = OutOfBand.asATool(sandbox); // a second client, as kubectl would be
    space = Api.uniqueSlug("apptique-prod");
    kubectl.namespace(space);
    unit = "/api/v1/spaces/" + space + "/units/paymentservice";
    original = Fixtures.paymentService().replace("  name: paymentservice\n", "  name: paymentservice\n  namespace: " + space + "\n");
    api.post("/api/v1/spaces", Map.of("slug", space));
    assertThat(api.post("/api/v1/spaces/" + space + "/units",
        Map.of("slug", "paymentservice", "data", original, "target", "sandbox")).status()).isEqualTo(201);
    assertThat(post(unit + "/apply?wait=30").path("result").asString()).isEqualTo("ApplyCompleted");
  }

  @AfterEach
  void tearDown() {
    kubectl.close();
  }

  JsonNode post(String path) {
    Api.Response response = api.post(path, null);
    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    return response.json();
  }

  void setMemoryLimitOnTheCluster(String memory) {
    kubectl.setMemoryLimit(space, "paymentservice", memory);
  }

  String clusterMemoryLimit() {
    return kubectl.memoryLimit(space, "paymentservice");
  }

  @Test
  void aBreakGlassChangeIsCapturedAndCanBeRestoredAway() {
    setMemoryLimitOnTheCluster("512Mi");

    JsonNode refresh = post(unit + "/refresh?wait=30");

    assertThat(refresh.path("result").asString()).isEqualTo("RefreshAndDrifted");
    assertThat(refresh.path("capturedRevisionNum").asInt()).isEqualTo(2);
    assertThat(refresh.path("message").asString()).contains("spec.template.spec.containers.0.resources.limits.memory");
    assertThat(api.get(unit + "/data").body())
        .as("only the live change reaches the configuration: no defaults, no server fields")
        .isEqualTo(original.replace("memory: 128Mi", "memory: 512Mi"));
    JsonNode revision = api.get(unit + "/revisions/2").json();
    assertThat(revision.path("source").asString()).isEqualTo("Refresh");
    assertThat(revision.path("mutations")).hasSize(1);
    assertThat(revision.path("mutations").get(0).path("path").asString())
        .isEqualTo("spec.template.spec.containers.0.resources.limits.memory");
    assertThat(revision.path("mutations").get(0).path("by").asString()).startsWith("refresh");
    assertThat(api.get(unit + "/diff?from=1&to=2").body()).as("no server field in the diff").doesNotContain(SERVER_FIELDS.toArray(String[]::new));
    JsonNode captured = api.get(unit).json();
    assertThat(captured.path("liveRevisionNum").asInt()).as("the cluster already runs it").isEqualTo(2);
    assertThat(captured.path("drift").asString()).isEqualTo("None");

    api.patch(unit + "?restore=-1", null);
    post(unit + "/apply?wait=30");

    assertThat(clusterMemoryLimit()).isEqualTo("128Mi");
    assertThat(post(unit + "/refresh?wait=30").path("result").asString()).isEqualTo("RefreshAndNoDrift");
  }

  @Test
  void aRevisionCanBeComparedWithTheLiveState() {
    setMemoryLimitOnTheCluster("640Mi");
    post(unit + "/refresh?dryRun=true&wait=30");

    JsonNode diff = api.get(unit + "/diff?from=head&to=liveState").json();

    assertThat(diff.path("from").asString()).isEqualTo("1");
    assertThat(diff.path("to").asString()).isEqualTo("liveState");
    // the unit's own text with the cluster's change: no server defaults, no reordered keys
    assertThat(diff.path("changes").findValuesAsString("path"))
        .containsExactly("spec.template.spec.containers.0.resources.limits.memory");
    String unified = diff.path("unified").asString();
    assertThat(unified).contains("+++ paymentservice@liveState");
    assertThat(unified.lines().filter(line -> line.startsWith("+") && !line.startsWith("+++")))
        .singleElement().satisfies(line -> assertThat(line).endsWith("memory: 640Mi"));
    String fresh = Api.uniqueSlug("unobserved");
    api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", fresh, "data", original));
    assertThat(api.get("/api/v1/spaces/" + space + "/units/" + fresh + "/diff?to=liveState").status()).isEqualTo(404);
  }

  @Test
  void aDryRunOnlyReportsAndALaterRefreshStillCapturesTheWholeChange() {
    setMemoryLimitOnTheCluster("256Mi");

    JsonNode report = post(unit + "/refresh?dryRun=true&wait=30");

    assertThat(report.path("result").asString()).isEqualTo("RefreshAndDrifted");
    assertThat(report.path("capturedRevisionNum").isNull()).isTrue();
    assertThat(api.get(unit).json().path("drift").asString()).isEqualTo("Drifted");
    assertThat(api.get(unit).json().path("headRevisionNum").asInt()).isEqualTo(1);

    assertThat(post(unit + "/refresh?wait=30").path("capturedRevisionNum").asInt()).isEqualTo(2);
    assertThat(api.get(unit + "/data").body()).contains("memory: 256Mi");
  }

  @Test
  void noChangeIsNoDrift() {
    JsonNode refresh = post(unit + "/refresh?wait=30");

    assertThat(refresh.path("result").asString()).isEqualTo("RefreshAndNoDrift");
    assertThat(api.get(unit).json().path("headRevisionNum").asInt()).isEqualTo(1);
    JsonNode live = api.get(unit + "/live").json();
    assertThat(live.path("drift").asString()).isEqualTo("None");
    assertThat(live.path("data").asString()).contains("name: paymentservice").doesNotContain("resourceVersion");
    assertThat(live.path("resources").findValuesAsString("kind")).containsExactly("Deployment", "Service");
  }

  @Test
  void anObjectDeletedOutOfBandIsDriftAndStaysInTheConfiguration() {
    kubectl.client().services().inNamespace(space).withName("paymentservice").delete();

    JsonNode refresh = post(unit + "/refresh?wait=30");

    assertThat(refresh.path("result").asString()).isEqualTo("RefreshAndDrifted");
    assertThat(refresh.path("message").asString()).contains("v1/Service/" + space + "/paymentservice is missing");
    assertThat(api.get(unit + "/data").body()).isEqualTo(original);
    assertThat(api.get(unit).json().path("drift").asString()).isEqualTo("Drifted");
    assertThat(api.get(unit + "/live").json().path("missing").get(0).asString()).isEqualTo("v1/Service/" + space + "/paymentservice");
  }

  @Test
  void anUnreachableTargetMakesTheDriftUnknownAndChangesNothing() {
    String down = Api.uniqueSlug("down");
    api.post("/api/v1/targets", Map.of("slug", down, "server", "http://127.0.0.1:1", "token", "t"));
    Grants.everySpace(api, down);
    // The unit's cluster goes away: its target is switched underneath (a PATCH of a live unit's target is refused).
    jdbc.update("update unit set target = ? where slug = 'paymentservice'"
        + " and space_id = (select id from space where slug = ?)", down, space);

    JsonNode refresh = post(unit + "/refresh?wait=30");

    assertThat(refresh.path("status").asString()).isEqualTo("Failed");
    assertThat(refresh.path("result").asString()).isEqualTo("RefreshFailed");
    JsonNode after = api.get(unit).json();
    assertThat(after.path("drift").asString()).isEqualTo("Unknown");
    assertThat(after.path("headRevisionNum").asInt()).isEqualTo(1);
    assertThat(api.get(unit + "/data").body()).isEqualTo(original);
  }
}
