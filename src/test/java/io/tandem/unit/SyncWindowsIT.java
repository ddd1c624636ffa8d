package io.tandem.unit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.support.Api;
import io.tandem.support.ProblemAssert;
import io.tandem.support.TandemIT;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Sync windows through the API: the server's own apply waits for an allow window and runs at its start; a deny window
 * refuses a person's apply unless it is overridden, and the action says who overrode which window. The windows are
 * set relative to the moment the test runs (a schedule with seconds), so the clock it controls is the schedule's.
 */
@TandemIT
class SyncWindowsIT {

  @LocalServerPort int port;
  Api api;
  String space;
  String spacePath;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = Api.uniqueSlug("windows");
    spacePath = "/api/v1/spaces/" + space;
    api.post("/api/v1/spaces", Map.of("slug", space));
  }

  String unit(String slug) {
    api.post(spacePath + "/units", Map.of("slug", slug, "target", "sandbox", "data", """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: %s
        data:
          level: info
        """.formatted(slug + "-" + space)));
    return spacePath + "/units/" + slug;
  }

  Api.Response putWindows(Object... windows) {
    return api.send("PUT", spacePath + "/sync-windows", "application/json",
        Api.JSON.writeValueAsString(Map.of("windows", List.of(windows))));
  }

  /** A six-field schedule that fires at {@code at} (UTC), once a day. */
  static String at(Instant at) {
    var time = at.atOffset(ZoneOffset.UTC);
    return time.getSecond() + " " + time.getMinute() + " " + time.getHour() + " * * *";
  }

  @Test
  void continuousApplyWaitsForTheAllowWindowAndAppliesAtItsStart() {
    Instant opens = Instant.now().plusSeconds(6).truncatedTo(ChronoUnit.SECONDS);
    assertThat(putWindows(Map.of("name", "nightly", "kind", "allow", "schedule", at(opens), "duration", "1h")).status())
        .isEqualTo(200);
    api.patch(spacePath, Map.of("applyMode", "Continuous"));
    String unit = unit("web");

    JsonNode waiting = await("the unit says why it waits").atMost(Duration.ofSeconds(5))
        .until(() -> api.get(unit).json(), u -> u.has("waitingFor"));
    assertThat(waiting.path("waitingFor").asString()).startsWith("Waits for its sync windows: no allow window is open"
        + " (allow window 'nightly' (" + at(opens) + " for 1h, UTC)); it may be applied from " + opens);
    assertThat(Instant.parse(waiting.path("nextAttemptAt").asString())).isEqualTo(opens);
    assertThat(api.get(unit + "/actions").items()).isEmpty();
    assertThat(api.get(unit + "/sync-window").json().path("open").asBoolean()).isFalse();

    JsonNode applied = await("applied once the window opens").atMost(Duration.ofSeconds(20))
        .until(() -> api.get(unit).json(), u -> u.path("liveRevisionNum").asInt() == 1);
    JsonNode action = api.get(unit + "/actions").items().get(0);
    assertThat(Instant.parse(action.path("createdAt").asString())).isAfterOrEqualTo(opens)
        .isBefore(opens.plusSeconds(5));
    assertThat(applied.has("waitingFor")).isFalse();
  }

  @Test
  void aDenyWindowRefusesAPersonsApplyUnlessOverriddenAndTheActionSaysWhoOverrodeIt() {
    putWindows(Map.of("name", "freeze", "kind", "deny", "schedule", "* * * * *", "duration", "2h"),
        Map.of("name", "others", "kind", "deny", "schedule", "* * * * *", "duration", "2h", "where", "Slug = 'other'"));
    String unit = unit("payments");

    ProblemAssert.assertProblem(api.post(unit + "/apply", null), 409, "sync-window-closed",
        "Unit 'payments' may not be applied now: the deny window 'freeze' (* * * * * for 2h, UTC) is open until");
    JsonNode bulk = api.post(spacePath + "/actions", Map.of("action", "apply", "units", List.of("payments"))).json();
    assertThat(bulk.path("results").get(0).path("error").path("code").asString()).isEqualTo("sync-window-closed");
    assertThat(api.get(unit + "/actions").items()).isEmpty();

    JsonNode action = api.post(unit + "/apply?overrideSyncWindows=true&wait=30", null).json();

    assertThat(action.path("result").asString()).isEqualTo("ApplyCompleted");
    assertThat(action.path("message").asString()).startsWith("Sync windows overridden by " + action.path("requestedBy")
        .asString() + ": the deny window 'freeze' (* * * * * for 2h, UTC) is open until").contains("Applied revision 1");
  }

  @Test
  void windowsThatAreNotWindowsAreRefusedAndChangeNothing() {
    putWindows(Map.of("kind", "deny", "schedule", "0 22 * * 5", "duration", "60h", "timeZone", "Europe/Berlin"));

    ProblemAssert.assertProblem(putWindows(Map.of("kind", "deny", "schedule", "0 22 * * 5", "duration", "60h"),
        Map.of("kind", "deny", "schedule", "fridays", "duration", "1h")), 400, "validation-failed",
        "Field 'windows[1].schedule' is not a cron schedule");
    ProblemAssert.assertProblem(putWindows(Map.of("kind", "allow", "schedule", "0 9 * * *", "duration", "8h",
        "where", "Slug = ")), 400, "invalid-where", "");

    List<JsonNode> windows = api.get(spacePath + "/sync-windows").items();
    assertThat(windows).hasSize(1);
    assertThat(windows.get(0).path("timeZone").asString()).isEqualTo("Europe/Berlin");
    assertThat(windows.get(0).path("duration").asString()).isEqualTo("60h");
  }
}
