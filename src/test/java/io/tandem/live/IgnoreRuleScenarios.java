package io.tandem.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.action.domain.RefreshQueue;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.OutOfBand;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Ignore rules of a unit and of its space: a {@code kubectl edit} of an ignored field is no drift, is not captured and
 * is not reverted, while a change of another field still is drift; the apply preview lists ignored changes apart. Run
 * on both engines ({@link IgnoreRulesIT}, {@link IgnoreRulesOnKubeApiServerIT}).
 */
abstract class IgnoreRuleScenarios {

  static final String MEMORY = "spec.template.spec.containers.*.resources.limits.memory";

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;
  @Autowired RefreshQueue queue;
  Api api;
  OutOfBand tool;
  OutOfBand kubectlEdit;
  String space;
  String spacePath;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    tool = OutOfBand.asATool(sandbox);
    kubectlEdit = OutOfBand.asKubectlEdit(sandbox);
    space = Api.uniqueSlug("ignore");
    spacePath = "/api/v1/spaces/" + space;
    tool.namespace(space);
    api.post("/api/v1/spaces", Map.of("slug", space));
  }

  @AfterEach
  void tearDown() {
    tool.close();
    kubectlEdit.close();
  }

  /** An applied unit in the drift mode. */
  String unit(String slug, String mode) {
    String data = Fixtures.paymentService().replace("name: paymentservice\n", "name: " + slug + "\n  namespace: " + space + "\n");
    api.post(spacePath + "/units", Map.of("slug", slug, "data", data, "target", "sandbox", "driftMode", mode));
    String path = spacePath + "/units/" + slug;
    assertThat(api.post(path + "/apply?wait=30", null).json().path("result").asString()).isEqualTo("ApplyCompleted");
    return path;
  }

  void ignore(String path, Map<String, Object> rule) {
    Api.Response patched = api.patch(path, Map.of("ignoreRules", List.of(rule)));
    assertThat(patched.status()).as(patched.toString()).isEqualTo(200);
    assertThat(patched.json().path("ignoreRules").size()).isEqualTo(1);
  }

  void scale(String name, int replicas) {
    tool.setReplicas(space, name, replicas);
  }

  JsonNode refresh(String unit) {
    return api.post(unit + "/refresh?wait=30", null).json();
  }

  @Test
  void anIgnoredPathIsNoDriftAndNotCapturedWhileAnotherFieldStillIs() {
    String unit = unit("payment", "Capture");
    ignore(unit, Map.of("kind", "Deployment", "name", "pay*", "paths", List.of(MEMORY)));

    kubectlEdit.setMemoryLimit(space, "payment", "512Mi");
    JsonNode edited = refresh(unit);

    assertThat(edited.path("result").asString()).as(edited.toString()).isEqualTo("RefreshAndNoDrift");
    assertThat(api.get(unit).json().path("drift").asString()).isEqualTo("None");
    assertThat(api.get(unit).json().path("headRevisionNum").asInt()).isEqualTo(1);

    scale("payment", 3);
    capturedAsRevisionTwo(unit);

    String captured = api.get(unit + "/data").body();
    assertThat(captured).contains("replicas: 3").contains("memory: 128Mi").doesNotContain("512Mi");
    assertThat(api.get(unit + "/revisions/2").json().path("mutations")).extracting(m -> m.path("path").asString())
        .containsExactly("spec.replicas");
  }

  @Test
  void aSpaceRuleOnAFieldManagerIgnoresWhatThatManagerChanged() {
    ignore(spacePath, Map.of("managers", List.of("kubectl-edit")));
    String unit = unit("payment", "Capture");

    kubectlEdit.setMemoryLimit(space, "payment", "512Mi");

    assertThat(refresh(unit).path("result").asString()).isEqualTo("RefreshAndNoDrift");
    assertThat(api.get(unit).json().path("headRevisionNum").asInt()).isEqualTo(1);
    scale("payment", 2);
    capturedAsRevisionTwo(unit);
    assertThat(api.get(unit + "/data").body()).contains("replicas: 2").contains("memory: 128Mi");
  }

  @Test
  void aRuleThatCoversADriftedFieldClearsTheDriftWithoutARefreshAsked() {
    String unit = unit("payment", "Report");
    kubectlEdit.setMemoryLimit(space, "payment", "512Mi");
    assertThat(api.post(unit + "/refresh?dryRun=true&wait=30", null).json().path("result").asString())
        .isEqualTo("RefreshAndDrifted");
    assertThat(api.get(unit).json().path("drift").asString()).isEqualTo("Drifted");

    ignore(unit, Map.of("paths", List.of(MEMORY)));

    await("the drift looked at again once the rule is set").atMost(Duration.ofSeconds(15))
        .until(() -> api.get(unit).json().path("drift").asString(), "None"::equals);
    assertThat(api.get(unit).json().path("headRevisionNum").asInt()).isEqualTo(1);
  }

  /** Refreshes and waits for revision 2: on the real engine a watch's refresh may capture the change before ours. */
  void capturedAsRevisionTwo(String unit) {
    refresh(unit);
    await("the change captured as revision 2").atMost(Duration.ofSeconds(30))
        .until(() -> api.get(unit).json().path("headRevisionNum").asInt() == 2);
    assertThat(api.get(unit).json().path("headRevisionNum").asInt()).isEqualTo(2);
  }

  @Test
  void anIgnoredFieldIsNotRevertedInRevertMode() throws InterruptedException {
    String unit = unit("payment", "Revert");
    ignore(unit, Map.of("paths", List.of(MEMORY)));
    kubectlEdit.setMemoryLimit(space, "payment", "512Mi");

    String message = backgroundRefresh(unit);

    assertThat(message).contains("match");
    Thread.sleep(1000);
    assertThat(kubectlEdit.memoryLimit(space, "payment")).isEqualTo("512Mi");
    assertThat(api.get(unit).json().path("liveRevisionNum").asInt()).isEqualTo(1);
    assertThat(api.get(unit + "/actions").items()).extracting(a -> a.path("action").asString()).doesNotContain("Destroy")
        .filteredOn("Apply"::equals).hasSize(1);
  }

  String backgroundRefresh(String unit) {
    return BackgroundRefresh.run(queue, api, unit);
  }

  @Test
  void anApplyOfANewRevisionKeepsTheIgnoredFieldAsItIsOnTheCluster() {
    String unit = unit("payment", "Report");
    ignore(unit, Map.of("paths", List.of(MEMORY)));
    kubectlEdit.setMemoryLimit(space, "payment", "512Mi");
    String data = api.get(unit + "/data").body().replace("replicas: 1", "replicas: 2");
    api.patch(unit, Map.of("data", data));

    assertThat(api.post(unit + "/apply?wait=30", null).json().path("result").asString()).isEqualTo("ApplyCompleted");

    assertThat(kubectlEdit.memoryLimit(space, "payment")).as("not reverted by the apply").isEqualTo("512Mi");
    assertThat(tool.client().apps().deployments().inNamespace(space).withName("payment").get().getSpec().getReplicas())
        .isEqualTo(2);
    assertThat(api.get(unit + "/data").body()).as("the configuration keeps its own value").contains("memory: 128Mi");
  }

  @Test
  void thePreviewListsChangesToIgnoredFieldsApart() {
    String unit = unit("payment", "Report");
    ignore(unit, Map.of("paths", List.of(MEMORY)));
    String data = api.get(unit + "/data").body().replace("memory: 128Mi", "memory: 256Mi").replace("replicas: 1", "replicas: 2");
    api.patch(unit, Map.of("data", data));

    JsonNode preview = api.post(unit + "/apply?dryRun=true", null).json();

    assertThat(preview.path("changes")).as(preview.toPrettyString()).extracting(c -> c.path("path").asString())
        .containsExactly("spec.replicas");
    assertThat(preview.path("ignored")).extracting(c -> c.path("path").asString())
        .containsExactly("spec.template.spec.containers.0.resources.limits.memory");
  }
}
