package io.tandem.unit;

import static io.tandem.support.ProblemAssert.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.action.domain.ActionQueue;
import io.tandem.action.domain.ActionResult;
import io.tandem.action.domain.UnitAction;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.TandemIT;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * Suspending and resuming units and spaces through the API: who, why, when and which of the two; what stays allowed;
 * the events; bad bodies. What suspension stops in the drift loop: {@code DriftModeScenarios}.
 */
@TandemIT
class SuspensionIT {

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired ActionQueue queue;
  Api api;
  String space;
  String spacePath;
  String unit;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = Api.uniqueSlug("suspend");
    spacePath = "/api/v1/spaces/" + space;
    api.post("/api/v1/spaces", Map.of("slug", space));
    String data = Fixtures.paymentService().replace("name: paymentservice\n", "name: paymentservice\n  namespace: " + space + "\n");
    assertThat(api.post(spacePath + "/units", Map.of("slug", "payment", "data", data, "target", "sandbox")).status()).isEqualTo(201);
    unit = spacePath + "/units/payment";
  }

  JsonNode suspend(String path, String reason) {
    Api.Response suspended = api.post(path + "/suspend", Map.of("reason", reason));
    assertThat(suspended.status()).as(suspended.toString()).isEqualTo(200);
    return suspended.json();
  }

  List<String> events() {
    return jdbc.queryForList("select type || coalesce(' ' || unit, '') || ' ' || payload::text from event where space = ?"
        + " and type like '%Suspended' or space = ? and type like '%Resumed' order by id", String.class, space, space);
  }

  @Test
  void aSuspendedUnitShowsWhoWhyAndWhenKeepsItsVersionAndIsFoundByWhere() {
    Instant before = Instant.now().minusSeconds(1);

    JsonNode suspended = suspend(unit, "Incident 4711: database failover");

    JsonNode suspension = suspended.path("suspended");
    assertThat(suspension.path("by").asString()).isEqualTo("anonymous");
    assertThat(suspension.path("reason").asString()).isEqualTo("Incident 4711: database failover");
    assertThat(suspension.path("scope").asString()).isEqualTo("Unit");
    assertThat(Instant.parse(suspension.path("at").asString())).isAfter(before);
    assertThat(suspended.path("version").asLong()).as("a suspension is no change of the unit").isEqualTo(1);
    assertThat(api.get(unit).json().path("suspended")).isEqualTo(suspension);
    assertThat(api.get(spacePath + "/units?where=Suspended%20%3D%20true").items()).hasSize(1);
    assertThat(api.get(spacePath + "/units?where=Suspended%20%3D%20false").items()).isEmpty();
    assertThat(api.get(spacePath).json().path("suspended").isNull()).as("the space is not").isTrue();

    JsonNode resumed = api.post(unit + "/resume", null).json();

    assertThat(resumed.path("suspended").isNull()).as(resumed.toString()).isTrue();
    assertThat(api.get(spacePath + "/units?where=Suspended%20%3D%20true").items()).isEmpty();
    assertThat(events()).satisfiesExactly(
        event -> assertThat(event).startsWith("UnitSuspended payment").contains("\"reason\": \"Incident 4711: database failover\"")
            .contains("\"by\": \"anonymous\""),
        event -> assertThat(event).startsWith("UnitResumed payment").contains("\"suspendedBy\": \"anonymous\""));
    assertThat(api.post(unit + "/resume", null).status()).as("resuming again is no error").isEqualTo(200);
  }

  @Test
  void aSuspendedSpaceSuspendsItsUnitsAndEachShowsWhichSuspensionActs() {
    assertThat(api.post(spacePath + "/units", Map.of("slug", "own", "data", "")).status()).isEqualTo(201);
    suspend(spacePath + "/units/own", "Its own reason");

    JsonNode space = suspend(spacePath, "Change freeze");

    assertThat(space.path("suspended").path("reason").asString()).as(space.toString()).isEqualTo("Change freeze");
    JsonNode payment = api.get(unit).json().path("suspended");
    assertThat(payment.path("scope").asString()).isEqualTo("Space");
    assertThat(payment.path("reason").asString()).isEqualTo("Change freeze");
    assertThat(api.get(spacePath + "/units/own").json().path("suspended").path("scope").asString()).isEqualTo("Unit");
    assertThat(api.get(spacePath + "/units?where=Suspended%20%3D%20true").items()).hasSize(2);
    assertThat(api.get("/api/v1/spaces?where=Suspended%20%3D%20true&limit=1000").body()).contains(this.space);

    api.post(unit + "/resume", null);
    assertThat(api.get(unit).json().path("suspended").path("scope").asString())
        .as("resuming the unit leaves its space's suspension").isEqualTo("Space");
    JsonNode resumed = api.post(spacePath + "/resume", null).json();

    assertThat(resumed.path("suspended").isNull()).isTrue();
    assertThat(api.get(unit).json().path("suspended").isNull()).isTrue();
    assertThat(api.get(spacePath + "/units/own").json().path("suspended").path("reason").asString()).isEqualTo("Its own reason");
    assertThat(events()).anySatisfy(event -> assertThat(event).startsWith("SpaceSuspended {").contains("Change freeze"))
        .anySatisfy(event -> assertThat(event).startsWith("SpaceResumed {"));
  }

  @Test
  void peoplesCallsStillWorkOnASuspendedUnit() {
    suspend(unit, "Hands off");

    Api.Response applied = api.post(unit + "/apply?wait=30", null);
    assertThat(applied.json().path("result").asString()).as(applied.toString()).isEqualTo("ApplyCompleted");
    assertThat(api.post(unit + "/refresh?wait=30", null).json().path("result").asString()).isEqualTo("RefreshAndNoDrift");
    Api.Response destroyed = api.post(unit + "/destroy?confirm=payment&wait=30", null);

    assertThat(destroyed.json().path("result").asString()).as(destroyed.toString()).isEqualTo("DestroyCompleted");
    assertThat(api.get(unit).json().path("suspended").path("reason").asString()).isEqualTo("Hands off");
  }

  @Test
  void anApplyTheServerQueuedIsCanceledWhenTheUnitIsSuspendedBeforeItRuns() {
    assertThat(api.post(unit + "/apply?wait=30", null).json().path("result").asString()).isEqualTo("ApplyCompleted");
    suspend(unit, "Stop the revert");

    // as a revert of drift is queued: by the server, in the background
    UnitAction revert = queue.enqueue(UUID.fromString(api.get(unit).json().path("id").asString()), UnitAction.Kind.Apply, 1,
        false, true, Instant.now());

    UnitAction done = await("the revert done").atMost(Duration.ofSeconds(30))
        .until(() -> queue.find(revert.id()).orElseThrow(), action -> action.status().finished());
    assertThat(done.status()).isEqualTo(UnitAction.Status.Canceled);
    assertThat(done.result()).isEqualTo(ActionResult.ApplyCanceled);
    assertThat(done.message()).isEqualTo("Not applied: the unit is suspended (by anonymous: \"Stop the revert\").");
  }

  @Test
  void badBodiesAreValidationProblemsAndSuspendNothing() {
    assertProblem(api.send("POST", unit + "/suspend", "application/json", ""), 400, "validation-failed", "reason");
    assertProblem(api.post(unit + "/suspend", Map.of()), 400, "validation-failed", "Field 'reason' is required");
    assertProblem(api.post(unit + "/suspend", Map.of("reason", "  ")), 400, "validation-failed", "Field 'reason' is required");
    assertProblem(api.post(unit + "/suspend", Map.of("reason", 12)), 400, "validation-failed", "reason");
    assertProblem(api.post(unit + "/suspend", Map.of("reason", "x".repeat(1001))), 400, "validation-failed", "at most 1000");
    assertProblem(api.post(spacePath + "/suspend", Map.of()), 400, "validation-failed", "Field 'reason' is required");
    assertProblem(api.post(spacePath + "/units/missing/suspend", Map.of("reason", "x")), 404, "not-found", "missing");
    assertProblem(api.post("/api/v1/spaces/missing-" + space + "/suspend", Map.of("reason", "x")), 404, "not-found", "missing");

    assertThat(api.get(unit).json().path("suspended").isNull()).isTrue();
    assertThat(api.get(spacePath).json().path("suspended").isNull()).isTrue();
    assertThat(events()).isEmpty();
  }
}
