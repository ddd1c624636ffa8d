package io.tandem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.sandbox.StandInCluster;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.Grants;
import io.tandem.support.ServerProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the server logs for conditions that are expected: a stop with SIGTERM while it works, a restart (the mock
 * sandbox comes back empty and on another port), a cluster that goes away while it is watched, refreshed, applied to
 * and checked. Each is a line at most; a stack trace or an ERROR in the log is a bug.
 */
class ServerLogIT {

  private static final Pattern STACK_FRAME = Pattern.compile("^\\tat .*$", Pattern.MULTILINE);
  private static final Pattern ERROR_LINE = Pattern.compile("^\\S+\\s+ERROR .*$", Pattern.MULTILINE);

  /** The mock sandbox, and everything that runs in the background at short intervals, logged from INFO up. */
  private static final Map<String, String> BUSY = Map.of(
      "tandem.sandbox.enabled", "true",
      "tandem.sandbox.engine", "mock",
      "tandem.live.detection-enabled", "true",
      "tandem.live.refresh-interval", "1s",
      "tandem.live.watch-enabled", "true",
      "tandem.live.watch-resync", "2s",
      "tandem.targets.health-interval", "1s",
      "tandem.outbound.allowed-networks", "127.0.0.0/8",
      "logging.level.root", "INFO");

  @TempDir Path temp;

  @Test
  void aServerStoppedWhileItWorksLogsNoStackTraceAndNoError() {
    try (ServerProcess server = ServerProcess.start(temp.resolve("data"), BUSY)) {
      Api api = server.api();
      List<String> units = List.of(appliedTo(api, "sandbox"), appliedTo(api, "sandbox"), appliedTo(api, "sandbox"));
      units.forEach(unit -> api.post(unit + "/refresh", null)); // queued, and running when the signal comes

      server.stop();

      assertQuiet(server.log());
      assertThat(server.log()).contains("Graceful shutdown complete");
    }
  }

  @Test
  void aRestartedServerFindsTheMockSandboxEmptyAndSaysSoWithoutStackTraces() throws InterruptedException {
    Path dataDir = temp.resolve("data");
    String unit;
    try (ServerProcess first = ServerProcess.start(dataDir, BUSY)) {
      unit = appliedTo(first.api(), "sandbox");
      first.stop();
    }

    try (ServerProcess server = ServerProcess.start(dataDir, BUSY)) {
      Api api = server.api();
      await("a background refresh finds the unit's objects gone").atMost(Duration.ofSeconds(30))
          .until(() -> api.get(unit).json().path("drift").asString().equals("Drifted"));
      Thread.sleep(3_000); // a resync of the watches, on the sandbox's new port
      server.stop();

      assertQuiet(server.log());
      assertThat(server.log())
          .contains("Sandbox cluster (mock) ready; its objects are in memory only and gone when the server stops");
    }
  }

  @Test
  void aClusterThatGoesAwayIsOneLineForEachConditionWithoutStackTraces() throws InterruptedException {
    try (ServerProcess server = ServerProcess.start(temp.resolve("data"), BUSY)) {
      Api api = server.api();
      String unit;
      try (StandInCluster cluster = new StandInCluster()) {
        assertThat(api.post("/api/v1/targets", Map.of("slug", "elsewhere", "kubeconfig", cluster.kubeconfig())).status())
            .isEqualTo(201);
        Grants.everySpace(api, "elsewhere");
        unit = appliedTo(api, "elsewhere"); // and watched from now on
      }

      assertThat(api.post(unit + "/refresh?wait=30", null).json().path("result").asString()).isEqualTo("RefreshFailed");
      assertThat(api.post(unit + "/apply?wait=30", null).json().path("result").asString()).isEqualTo("ApplyFailed");
      assertThat(api.post("/api/v1/targets/elsewhere/check", null).json().path("reachable").asBoolean()).isFalse();
      Thread.sleep(8_000); // the watches try to reconnect, backing off from a second; health checks every second
      server.stop();

      assertQuiet(server.log());
      assertThat(server.log()).contains("Target elsewhere cannot be reached: connection refused");
    }
  }

  /** A unit with the payment service in a space and namespace of its own, applied to {@code target}; its path. */
  private static String appliedTo(Api api, String target) {
    String space = Api.uniqueSlug("logs");
    api.post("/api/v1/spaces", Map.of("slug", space));
    String unit = "/api/v1/spaces/" + space + "/units/paymentservice";
    String data = Fixtures.paymentService().replace("  name: paymentservice\n", "  name: paymentservice\n  namespace: " + space + "\n");
    api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "paymentservice", "data", data, "target", target));
    Api.Response applied = api.post(unit + "/apply?wait=30", null);
    assertThat(applied.json().path("result").asString()).as(applied.body()).isEqualTo("ApplyCompleted");
    return unit;
  }

  private static void assertQuiet(String log) {
    assertThat(lines(STACK_FRAME, log)).as("stack frames in the server log:%n%s", log).isEmpty();
    assertThat(lines(ERROR_LINE, log)).as("errors in the server log:%n%s", log).isEmpty();
  }

  private static List<String> lines(Pattern pattern, String log) {
    Matcher matcher = pattern.matcher(log);
    return matcher.results().map(java.util.regex.MatchResult::group).toList();
  }
}
