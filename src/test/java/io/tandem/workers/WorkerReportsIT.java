package io.tandem.workers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.support.Api;
import io.tandem.support.TandemIT;
import io.tandem.targets.domain.ApplyReport;
import io.tandem.workers.protocol.WorkerProtocol;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * What a worker's watches report, spoken by hand: the health it saw of an object keeps its unit's health current, as
 * the server's own watches do for a directly connected target (an apply that waits for health ends on it), and an
 * earlier version's is not taken over a later one's; a move of status only queues no refresh, one of content does; a
 * report the server cannot read changes nothing.
 */
@TandemIT
class WorkerReportsIT {

  @LocalServerPort int port;

  @Test
  void theHealthAWorkerReportsIsTheUnitsAndOnlyAMoveOfContentQueuesARefresh() {
    Api api = new Api(port).withTimeout(Duration.ofSeconds(30));
    HandWorker worker = new HandWorker(api, Api.uniqueSlug("w"));
    worker.poll("only", 0);
    String unit = worker.unitOnItsTarget(Api.uniqueSlug("reports"));
    String namespace = applied(api, worker, unit);

    assertThat(report(worker, namespace, "8", "InProgress", "Rollout held in the test", true).status()).isEqualTo(204);
    JsonNode progressing = api.get(unit).json().path("health");
    assertThat(progressing.path("status").asString()).isEqualTo("Progressing");
    assertThat(progressing.path("reason").asString()).contains("Rollout held in the test");
    assertThat(worker.poll("only", 1).size()).as("calls after a move of status only").isZero();
    assertThat(actions(api, unit)).containsExactly("Apply");

    Api.Response unreadable = report(worker, namespace, "9", "Sunny", "no such status", true);
    assertThat(unreadable.status()).isEqualTo(400);
    assertThat(unreadable.code()).isEqualTo("validation-failed");
    assertThat(api.get(unit).json().path("health").path("status").asString()).isEqualTo("Progressing");

    // the same health again at a later version, then an earlier version's: that one is not taken over the later
    assertThat(report(worker, namespace, "10", "InProgress", "Rollout held in the test", true).status()).isEqualTo(204);
    assertThat(report(worker, namespace, "9", "Current", "Resource is current", true).status()).isEqualTo(204);
    assertThat(api.get(unit).json().path("health").path("status").asString()).isEqualTo("Progressing");

    String longReason = "Rollout held: " + "x".repeat(1_000); // a request field holds up to 1,024
    assertThat(report(worker, namespace, "11", "InProgress", longReason, true).status()).isEqualTo(204);
    assertThat(api.get(unit).json().path("health").path("reason").asString()).as("a reason of a kilobyte, cut")
        .startsWith("ConfigMap " + namespace + "/settings: Rollout held: xxx").hasSizeLessThan(400);

    // a move of content, among objects no unit applied and one of a target the worker does not serve
    Map<String, Object> moved = item(worker.name, namespace, "settings", "12", "Current", false);
    Map<String, Object> stray = item(worker.name, namespace, "unknown-to-tandem", "3", "Failed", false);
    Map<String, Object> elsewhere = item("not-" + worker.name, namespace, "settings", "13", "Failed", false);
    assertThat(worker.report(Map.of("items", List.of(stray, moved, elsewhere))).status()).isEqualTo(204);
    assertThat(api.get(unit).json().path("health").path("status").asString()).isEqualTo("Healthy");
    JsonNode read = worker.poll("only", 20);
    assertThat(read.size()).as("the refresh's read after a move of content").isEqualTo(1);
    assertThat(read.get(0).path("operation").asString()).isEqualTo("READ");
    assertThat(actions(api, unit)).containsExactly("Refresh", "Apply");
  }

  /** Applies the unit, answering the worker's call as a cluster would; the namespace it applied to. */
  private static String applied(Api api, HandWorker worker, String unit) {
    String action = api.post(unit + "/apply", null).json().path("id").asString();
    JsonNode call = worker.poll("only", 20).get(0);
    assertThat(call.path("operation").asString()).isEqualTo("APPLY");
    String namespace = call.path("namespace").isString() ? call.path("namespace").asString() : "default";
    Map<String, Object> stored = new HashMap<>();
    stored.put("apiVersion", "v1");
    stored.put("kind", "ConfigMap");
    stored.put("metadata", Map.of("name", "settings", "namespace", namespace, "resourceVersion", "7"));
    stored.put("data", Map.of("mode", "blue"));
    String response = WorkerProtocol.result(new ApplyReport(List.of("ConfigMap " + namespace + "/settings"), List.of(),
        List.of(), List.of(), null, null, false, List.of(stored)));
    assertThat(worker.answer(call.path("id").asString(), response).status()).isEqualTo(204);
    JsonNode read = worker.poll("only", 20).get(0);
    assertThat(read.path("operation").asString()).as("the read after an apply through a worker").isEqualTo("READ");
    assertThat(worker.answer(read.path("id").asString(), WorkerProtocol.result(List.of(stored))).status())
        .isEqualTo(204);
    JsonNode done = await("the apply ended").atMost(Duration.ofSeconds(10))
        .until(() -> api.get("/api/v1/actions/" + action).json(), view -> !view.path("finishedAt").isNull());
    assertThat(done.path("status").asString()).as(done.toString()).isEqualTo("Completed");
    assertThat(api.get(unit).json().path("health").path("status").asString()).isEqualTo("Healthy");
    return namespace;
  }

  private static Api.Response report(HandWorker worker, String namespace, String version, String status,
      String reason, boolean statusOnly) {
    Map<String, Object> moved = item(worker.name, namespace, "settings", version, status, statusOnly);
    moved.put("reason", reason);
    return worker.report(Map.of("items", List.of(moved)));
  }

  private static Map<String, Object> item(String target, String namespace, String name, String version,
      String status, boolean statusOnly) {
    Map<String, Object> item = new HashMap<>(Map.of("target", target, "apiVersion", "v1", "kind", "ConfigMap",
        "namespace", namespace, "name", name, "resourceVersion", version, "status", status));
    item.put("statusOnly", statusOnly);
    return item;
  }

  private static List<String> actions(Api api, String unit) {
    List<String> actions = new java.util.ArrayList<>();
    api.get(unit + "/actions").json().path("items").forEach(action -> actions.add(action.path("action").asString()));
    return actions;
  }
}
