package io.tandem.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.action.domain.RefreshQueue;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.OutOfBand;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * Background drift detection acts by each unit's drift mode, and tells a person's break-glass change (by its field
 * manager) from any other. Run on both engines ({@link DriftModesIT}, {@link DriftModesOnKubeApiServerIT}).
 */
abstract class DriftModeScenarios {

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;
  @Autowired RefreshQueue queue;
  @Autowired JdbcTemplate jdbc;
  Api api;
  /** A tool that is not a person's (as a controller would be). */
  OutOfBand tool;
  /** {@code kubectl edit}, a person's break-glass change. */
  OutOfBand kubectlEdit;
  String space;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    tool = OutOfBand.asATool(sandbox);
    kubectlEdit = OutOfBand.asKubectlEdit(sandbox);
    space = Api.uniqueSlug("modes");
    tool.namespace(space);
    api.post("/api/v1/spaces", Map.of("slug", space));
  }

  @AfterEach
  void tearDown() {
    tool.close();
    kubectlEdit.close();
  }

  String unit(String slug, String mode) {
    String data = Fixtures.paymentService().replace("name: paymentservice\n", "name: " + slug + "\n  namespace: " + space + "\n");
    api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", slug, "data", data, "target", "sandbox", "driftMode", mode));
    String path = "/api/v1/spaces/" + space + "/units/" + slug;
    assertThat(api.post(path + "/apply?wait=30", null).json().path("result").asString()).isEqualTo("ApplyCompleted");
    return path;
  }

  void changeMemoryOnTheCluster(String name, String memory) {
    tool.setMemoryLimit(space, name, memory);
  }

  void editMemoryAsKubectlWould(String name, String memory) {
    kubectlEdit.setMemoryLimit(space, name, memory);
  }

  String memoryOnTheCluster(String name) {
    return tool.memoryLimit(space, name);
  }

  void refreshInBackground(String unit) {
    BackgroundRefresh.queue(queue, api, unit);
  }

  static void eventually(BooleanSupplier condition, String what) {
    await(what).atMost(Duration.ofSeconds(30)).until(condition::getAsBoolean);
  }

  @Test
  void captureModePullsTheChangeIntoTheConfiguration() {
    String unit = unit("captured", "Capture");
    changeMemoryOnTheCluster("captured", "300Mi");

    refreshInBackground(unit);

    eventually(() -> api.get(unit).json().path("headRevisionNum").asInt() == 2, "a Refresh revision");
    assertThat(api.get(unit + "/data").body()).contains("memory: 300Mi");
    assertThat(api.get(unit + "/revisions/2").json().path("source").asString()).isEqualTo("Refresh");
  }

  @Test
  void reportModeOnlyShowsTheDriftAndKeepsTheBaseline() {
    String unit = unit("reported", "Report");
    changeMemoryOnTheCluster("reported", "300Mi");

    refreshInBackground(unit);

    eventually(() -> api.get(unit).json().path("drift").asString().equals("Drifted"), "drift reported");
    assertThat(api.get(unit).json().path("headRevisionNum").asInt()).isEqualTo(1);
    assertThat(memoryOnTheCluster("reported")).isEqualTo("300Mi");
    // the baseline did not move: an explicit refresh still captures the whole change
    assertThat(api.post(unit + "/refresh?wait=30", null).json().path("capturedRevisionNum").asInt()).isEqualTo(2);
  }

  @Test
  void revertModeAppliesTheLiveRevisionAgain() {
    String unit = unit("reverted", "Revert");
    changeMemoryOnTheCluster("reverted", "300Mi");

    refreshInBackground(unit);

    eventually(() -> memoryOnTheCluster("reverted").equals("128Mi"), "the change reverted on the cluster");
    assertThat(api.get(unit).json().path("headRevisionNum").asInt()).isEqualTo(1);
  }

  String backgroundRefresh(String unit) {
    return BackgroundRefresh.run(queue, api, unit);
  }

  /** The unit's refresh actions, newest first. */
  List<JsonNode> refreshes(String unit) {
    List<JsonNode> refreshes = new ArrayList<>();
    api.get(unit + "/actions").json().path("items").forEach(action -> {
      if (action.path("action").asString().equals("Refresh")) {
        refreshes.add(action);
      }
    });
    return refreshes;
  }

  @Test
  void revertModeHoldsABreakGlassChangeAndRevertsItWhenTheHoldEnds() {
    String unit = unit("held", "Revert");
    editMemoryAsKubectlWould("held", "512Mi");

    assertThat(backgroundRefresh(unit)).contains("Held, not reverted", "kubectl-edit");

    assertThat(api.get(unit).json().path("drift").asString()).isEqualTo("Drifted");
    var hold = api.get(unit + "/live").json().path("hold");
    assertThat(hold.path("by").get(0).asString()).isEqualTo("kubectl-edit");
    assertThat(Instant.parse(hold.path("until").asString())).isAfter(Instant.now().plus(Duration.ofMinutes(59))); // the default hour
    // Another pass within the hold keeps it as it was, and the fix stays on the cluster.
    assertThat(backgroundRefresh(unit)).contains("Held, not reverted");
    assertThat(api.get(unit + "/live").json().path("hold").path("since").asString()).isEqualTo(hold.path("since").asString());
    assertThat(memoryOnTheCluster("held")).isEqualTo("512Mi");

    // The hour passes. The first refresh to see that reverts: ours, or one a watch queued before the hour was moved
    // and that runs after it. No refresh before could say the hold ended, so every one of them is looked at.
    jdbc.update("update unit_live set held_until = now() - interval '1 second' where unit_id ="
        + " (select u.id from unit u join space s on s.id = u.space_id where u.slug = 'held' and s.slug = ?)", space);
    refreshInBackground(unit);
    eventually(() -> refreshes(unit).stream().map(action -> action.path("message").asString())
        .anyMatch(message -> message.contains("hold ended") && message.contains("Reverting")),
        "a refresh that ends the hold and reverts");

    eventually(() -> memoryOnTheCluster("held").equals("128Mi"), "the held change reverted");
    eventually(() -> api.get(unit + "/live").json().path("hold").isNull(), "the hold cleared by the re-apply");
    assertThat(api.get(unit).json().path("headRevisionNum").asInt()).isEqualTo(1);
  }

  @Test
  void aCapturedChangeNamesTheFieldManagerFromManagedFields() {
    String unit = unit("attributed", "Report");
    editMemoryAsKubectlWould("attributed", "512Mi");

    assertThat(api.post(unit + "/refresh?wait=30", null).json().path("capturedRevisionNum").asInt()).isEqualTo(2);

    var mutations = api.get(unit + "/revisions/2").json().path("mutations");
    assertThat(mutations.size()).isEqualTo(1);
    assertThat(mutations.get(0).path("path").asString()).isEqualTo("spec.template.spec.containers.0.resources.limits.memory");
    assertThat(mutations.get(0).path("by").asString()).isEqualTo("refresh: kubectl-edit");
  }

  void suspend(String path, String reason) {
    Api.Response suspended = api.post(path + "/suspend", Map.of("reason", reason));
    assertThat(suspended.status()).as(suspended.toString()).isEqualTo(200);
  }

  @Test
  void aSuspendedUnitInRevertModeReportsTheDriftAndRevertsItOnlyOnceResumed() {
    String unit = unit("suspended", "Revert");
    suspend(unit, "Incident 42: hands off");
    changeMemoryOnTheCluster("suspended", "300Mi");

    assertThat(backgroundRefresh(unit)).contains("Drift:", "limits.memory",
        "Not reverted: the unit is suspended (by anonymous: \"Incident 42: hands off\")");

    assertThat(api.get(unit).json().path("drift").asString()).isEqualTo("Drifted");
    assertThat(memoryOnTheCluster("suspended")).isEqualTo("300Mi");
    assertThat(refreshes(unit)).allMatch(action -> !action.path("message").asString().contains("Reverting"));

    assertThat(api.post(unit + "/resume", null).json().path("suspended").isNull()).isTrue();

    eventually(() -> memoryOnTheCluster("suspended").equals("128Mi"), "the change reverted once resumed");
    assertThat(api.get(unit).json().path("headRevisionNum").asInt()).isEqualTo(1);
  }

  @Test
  void aKubectlEditWhoseHoldEndsWhileTheSpaceIsSuspendedIsRevertedOnlyOnceTheSpaceResumes() {
    String unit = unit("edited", "Revert");
    editMemoryAsKubectlWould("edited", "512Mi");
    assertThat(backgroundRefresh(unit)).contains("Held, not reverted", "kubectl-edit");
    suspend("/api/v1/spaces/" + space, "Freeze for the audit");

    jdbc.update("update unit_live set held_until = now() - interval '1 second' where unit_id ="
        + " (select u.id from unit u join space s on s.id = u.space_id where u.slug = 'edited' and s.slug = ?)", space);
    String message = backgroundRefresh(unit);

    assertThat(message).contains("hold ended", "Not reverted: its space is suspended (by anonymous: \"Freeze for the audit\")")
        .doesNotContain("Reverting");
    assertThat(api.get(unit).json().path("drift").asString()).isEqualTo("Drifted");
    assertThat(api.get(unit).json().path("suspended").path("scope").asString()).isEqualTo("Space");
    assertThat(memoryOnTheCluster("edited")).isEqualTo("512Mi");

    api.post("/api/v1/spaces/" + space + "/resume", null);

    eventually(() -> memoryOnTheCluster("edited").equals("128Mi"), "the held change reverted once the space resumed");
  }

  @Test
  void aSuspendedUnitInCaptureModeOnlyReportsInTheBackgroundButAnExplicitRefreshStillCaptures() {
    String unit = unit("frozen", "Capture");
    suspend(unit, "Do not touch");
    changeMemoryOnTheCluster("frozen", "300Mi");

    assertThat(backgroundRefresh(unit)).contains("Not captured: the unit is suspended", "only reported");

    assertThat(api.get(unit).json().path("headRevisionNum").asInt()).isEqualTo(1);
    assertThat(api.get(unit).json().path("drift").asString()).isEqualTo("Drifted");
    JsonNode explicit = api.post(unit + "/refresh?wait=30", null).json();
    assertThat(explicit.path("capturedRevisionNum").asInt()).as(explicit.toString()).isEqualTo(2);
  }
}
