package io.tandem.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.live.domain.LiveStore;
import io.tandem.live.domain.LiveWatches;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.OutOfBand;
import io.tandem.targets.domain.WatchScope;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * With watches on, an out-of-band change is noticed without any refresh being asked for. Run on both engines
 * ({@link WatchIT}, {@link WatchOnKubeApiServerIT}).
 */
abstract class WatchScenarios {

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;

  @Autowired LiveWatches watches;
  @Autowired LiveStore live;

  Api api;
  String space;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = Api.uniqueSlug("watched");
    api.post("/api/v1/spaces", Map.of("slug", space, "driftMode", "Capture"));
    try (OutOfBand tool = OutOfBand.asATool(sandbox)) {
      tool.namespace(space);
    }
  }

  String applied(String slug) throws InterruptedException {
    String unit = "/api/v1/spaces/" + space + "/units/" + slug;
    String data = Fixtures.paymentService().replace("  name: paymentservice\n", "  name: " + slug + "\n  namespace: " + space + "\n");
    api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", slug, "data", data, "target", "sandbox"));
    assertThat(api.post(unit + "/apply?wait=30", null).json().path("result").asString()).isEqualTo("ApplyCompleted");
    Thread.sleep(500); // let the apply's own events pass
    return unit;
  }

  void changeMemoryOnTheCluster(String name, String memory) {
    try (OutOfBand tool = OutOfBand.asATool(sandbox)) {
      tool.setMemoryLimit(space, name, memory);
    }
  }

  void capturedWithinTenSeconds(String unit, String memory) throws InterruptedException {
    await("the change captured within 10 s").atMost(Duration.ofSeconds(10))
        .until(() -> api.get(unit).json().path("headRevisionNum").asInt() >= 2);
    assertThat(api.get(unit + "/data").body()).contains("memory: " + memory);
  }

  Set<WatchScope> scopesInThisSpace() {
    return watches.watchedScopes().stream().filter(scope -> scope.namespace().equals(space)).collect(Collectors.toSet());
  }

  @Test
  void anOutOfBandChangeIsNoticedWithinSeconds() throws Exception {
    String unit = applied("paymentservice");

    changeMemoryOnTheCluster("paymentservice", "700Mi");

    capturedWithinTenSeconds(unit, "700Mi");
  }

  @Test
  void aRestartedServerWatchesTheUnitsAppliedBefore() throws Exception {
    String unit = applied("paymentservice");
    watches.stopAll(); // all a restart forgets: what is watched lives in the database
    watches.resync(); // as at start-up

    changeMemoryOnTheCluster("paymentservice", "640Mi");

    capturedWithinTenSeconds(unit, "640Mi");
  }

  @Test
  void aChangeMadeWhileNothingWatchedIsRefreshedWhenTheWatchStarts() throws Exception {
    String unit = applied("paymentservice");
    watches.stopAll(); // a server that is down, or a replica that died holding the target

    changeMemoryOnTheCluster("paymentservice", "610Mi");
    watches.resync(); // as at start-up, or at a takeover

    capturedWithinTenSeconds(unit, "610Mi");
  }

  @Test
  void oneWatchCoversAKindInANamespaceAndEndsWithItsLastUnit() throws Exception {
    String first = applied("first");
    String second = applied("second");
    assertThat(scopesInThisSpace()).extracting(WatchScope::kind).containsExactlyInAnyOrder("Deployment", "Service");

    for (String unit : List.of(first, second)) {
      assertThat(api.post(unit + "/destroy?confirm=" + unit.substring(unit.lastIndexOf('/') + 1) + "&wait=30", null).json().path("result").asString()).isEqualTo("DestroyCompleted");
      assertThat(api.delete(unit).status()).isEqualTo(204);
    }
    watches.resync();

    assertThat(scopesInThisSpace()).isEmpty();
  }

  List<String> actionsOf(String unit) {
    List<String> actions = new java.util.ArrayList<>();
    api.get(unit + "/actions").json().path("items").forEach(action -> actions.add(action.path("action").asString()));
    return actions;
  }

  @Test
  void thePeriodicPassLeavesOutTheUnitsTheWatchesVouchFor() throws Exception {
    String steady = applied("steady");
    String drifted = applied("drifted");
    assertThat(api.patch(drifted, Map.of("driftMode", "Report")).status()).isEqualTo(200);
    UUID steadyId = UUID.fromString(api.get(steady).json().path("id").asString());
    UUID driftedId = UUID.fromString(api.get(drifted).json().path("id").asString());
    // the controllers' status updates during the apply queued no refresh (the apply was open): refreshed, as a pass
    // would, each unit's observation has the versions its watch saw last
    for (String unit : List.of(steady, drifted)) {
      assertThat(api.post(unit + "/refresh?wait=30", null).json().path("status").asString()).isEqualTo("Completed");
    }
    await("both units vouched for").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
        .until(() -> vouchedFor(steadyId, driftedId), vouched -> vouched.size() == 2);

    changeMemoryOnTheCluster("drifted", "720Mi");
    await("the change reported as drift").atMost(Duration.ofSeconds(10))
        .until(() -> api.get(drifted).json().path("drift").asString(), "Drifted"::equals);

    assertThat(vouchedFor(steadyId, driftedId)).containsExactly(steadyId);
    watches.stopAll();
    assertThat(vouchedFor(steadyId, driftedId)).as("with nothing watched").isEmpty();
    watches.resync();
  }

  /** Those of the units that the watches vouch for, so that a periodic pass does not refresh them. */
  Set<UUID> vouchedFor(UUID... units) {
    Set<UUID> wanted = Set.of(units);
    return watches.unchanged(live.watchedObjectsOn(List.of("sandbox")).stream()
        .filter(object -> wanted.contains(object.unitId())).toList());
  }
}
