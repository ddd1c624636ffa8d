package io.tandem.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.OutOfBand;
import io.tandem.support.ProblemAssert;
import io.tandem.support.RealCluster;
import io.tandem.support.SandboxWorker;
import io.tandem.support.TandemIT;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A team's own kind judged by its CEL health rule on a real API server: the custom resource's status, set as its
 * controller would set it, ends an apply that waits for health in success or failure; a rule that cannot evaluate
 * makes the object Unknown with the error.
 */
@TandemIT
@RealCluster
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HealthRulesOnKubeApiServerIT {

  static final String KIND = "Widget.rules.example.com";

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;

  Api api;
  String space;
  String workerTarget;
  SandboxWorker worker;

  /** A worker for the sandbox, whose watch judges health by the built-in rules alone. */
  @BeforeAll
  void startAWorker() {
    worker = SandboxWorker.start(port, sandbox.kubeconfig(), Api.uniqueSlug("ruled"));
    workerTarget = worker.target();
  }

  @AfterAll
  void stopTheWorker() {
    worker.close();
  }

  @BeforeAll
  void widgetsExist() {
    CustomResourceDefinition widgets = new CustomResourceDefinitionBuilder()
        .withNewMetadata().withName("widgets.rules.example.com").endMetadata()
        .withNewSpec().withGroup("rules.example.com").withScope("Namespaced")
        .withNewNames().withKind("Widget").withPlural("widgets").withSingular("widget").endNames()
        .addNewVersion().withName("v1").withServed(true).withStorage(true)
        .withNewSubresources().withNewStatus().endStatus().endSubresources()
        .withNewSchema().withNewOpenAPIV3Schema().withType("object").withXKubernetesPreserveUnknownFields(true)
        .endOpenAPIV3Schema().endSchema().endVersion().endSpec().build();
    try (OutOfBand tool = OutOfBand.asATool(sandbox)) {
      tool.client().apiextensions().v1().customResourceDefinitions().resource(widgets).serverSideApply();
      tool.client().apiextensions().v1().customResourceDefinitions().withName("widgets.rules.example.com")
          .waitUntilCondition(crd -> crd != null && crd.getStatus() != null && crd.getStatus().getConditions().stream()
              .anyMatch(c -> c.getType().equals("Established") && c.getStatus().equals("True")), 30, java.util.concurrent.TimeUnit.SECONDS);
    }
  }

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = Api.uniqueSlug("rules");
    api.post("/api/v1/spaces", Map.of("slug", space));
    try (OutOfBand tool = OutOfBand.asATool(sandbox)) {
      tool.namespace(space);
    }
    api.send("PUT", "/api/v1/spaces/" + space + "/health-rules/" + KIND, "application/json", Api.JSON.writeValueAsString(Map.of(
        "healthy", "has(object.status) && object.status.phase == 'Ready'",
        "degraded", "has(object.status) && object.status.phase == 'Broken'",
        "reason", "has(object.status) ? 'phase ' + object.status.phase : 'no status yet'")));
  }

  String widget(String name) {
    return widget(name, "sandbox");
  }

  String widget(String name, String target) {
    String unit = "/api/v1/spaces/" + space + "/units/" + name;
    api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", name, "target", target, "data", """
        apiVersion: rules.example.com/v1
        kind: Widget
        metadata:
          name: %s
          namespace: %s
        spec:
          size: 3
        """.formatted(name, space)));
    return unit;
  }

  /** Sets the widget's status, as its controller would. */
  void status(String name, String phase) {
    try (OutOfBand tool = OutOfBand.asATool(sandbox)) {
      tool.client().genericKubernetesResources("rules.example.com/v1", "Widget").inNamespace(space).withName(name)
          .editStatus(widget -> {
            widget.setAdditionalProperty("status", Map.of("phase", phase));
            return widget;
          });
    }
  }

  JsonNode finished(String id) {
    return await("action " + id + " finished").atMost(Duration.ofSeconds(90))
        .until(() -> api.get("/api/v1/actions/" + id).json(),
            action -> List.of("Completed", "Failed", "Canceled").contains(action.path("status").asString()));
  }

  @Test
  void aWidgetIsHealthyOnceItsControllerSaysReadyAndTheWaitingApplyCompletes() {
    String unit = widget("good");

    String id = api.post(unit + "/apply?waitFor=healthy&timeout=60s", null).json().path("id").asString();
    await().atMost(Duration.ofSeconds(30)).until(() -> api.get(unit).json().path("health").path("reason").asString(),
        reason -> reason.equals("Widget " + space + "/good: no status yet"));
    assertThat(api.get(unit).json().path("health").path("status").asString()).isEqualTo("Progressing");
    status("good", "Ready");

    JsonNode action = finished(id);
    assertThat(action.path("result").asString()).isEqualTo("ApplyCompleted");
    assertThat(action.path("message").asString()).contains("Healthy: Widget " + space + "/good is current.");
    assertThat(api.get(unit + "/live").json().path("resources").get(0).path("health").path("reason").asString())
        .isEqualTo("phase Ready");
  }

  @Test
  void throughAWorkerTheRuleJudgesTooNotTheWorkersBuiltInRules() {
    String unit = widget("far", workerTarget);

    String id = api.post(unit + "/apply?waitFor=healthy&timeout=60s", null).json().path("id").asString();
    await().atMost(Duration.ofSeconds(30)).until(() -> api.get(unit).json().path("liveRevisionNum").asInt() == 1);
    status("far", "Ready");

    JsonNode action = finished(id);
    assertThat(action.path("result").asString()).isEqualTo("ApplyCompleted");
    await().atMost(Duration.ofSeconds(30)).until(() -> api.get(unit + "/live").json().path("resources").get(0)
        .path("health").path("reason").asString(), reason -> reason.equals("phase Ready"));
    status("far", "Broken");
    await("the worker's status move judged by the rule").atMost(Duration.ofSeconds(30))
        .until(() -> api.get(unit).json().path("health").path("status").asString(), "Degraded"::equals);
  }

  @Test
  void aWidgetItsControllerSaysIsBrokenFailsTheWaitingApplyWithTheRulesReason() {
    String unit = widget("bad");

    String id = api.post(unit + "/apply?waitFor=healthy&timeout=60s", null).json().path("id").asString();
    await().atMost(Duration.ofSeconds(30)).until(() -> api.get(unit).json().path("liveRevisionNum").asInt() == 1);
    status("bad", "Broken");

    JsonNode action = finished(id);
    assertThat(action.path("result").asString()).isEqualTo("ApplyWaitFailed");
    assertThat(action.path("message").asString()).contains("Degraded: Widget " + space + "/bad: phase Broken.");
  }

  @Test
  void aRuleThatCannotEvaluateMakesTheObjectUnknownWithItsErrorAndABadRuleIsRefused() {
    api.send("PUT", "/api/v1/spaces/" + space + "/health-rules/" + KIND, "application/json",
        "{\"healthy\": \"object.status.phase == 'Ready'\"}");
    String unit = widget("careless");

    JsonNode action = api.post(unit + "/apply?wait=30", null).json();

    assertThat(action.path("result").asString()).isEqualTo("ApplyCompleted");
    JsonNode health = await().atMost(Duration.ofSeconds(30)).until(() -> api.get(unit).json().path("health"),
        h -> h.path("status").asString("").equals("Unknown"));
    assertThat(health.path("reason").asString())
        .startsWith("Widget " + space + "/careless: The health rule of Widget.rules.example.com did not evaluate: ");
    ProblemAssert.assertProblem(api.send("PUT", "/api/v1/spaces/" + space + "/health-rules/" + KIND, "application/json",
        "{\"healthy\": \"object.status.phase ==\"}"), 400, "validation-failed", "Field 'healthy' is not a CEL expression");
    ProblemAssert.assertProblem(api.send("PUT", "/api/v1/spaces/" + space + "/health-rules/widget", "application/json",
        "{\"healthy\": \"true\"}"), 400, "validation-failed", "'widget' is not a kind");
    JsonNode rules = api.get("/api/v1/spaces/" + space + "/health-rules").json().path("items");
    assertThat(rules.get(0).path("kind").asString()).isEqualTo(KIND);
    assertThat(rules.get(0).path("scope").asString()).isEqualTo("space");
    assertThat(rules.findValuesAsString("scope")).contains("library");
  }
}
