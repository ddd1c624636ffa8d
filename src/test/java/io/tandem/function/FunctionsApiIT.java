package io.tandem.function;

import static io.tandem.support.ProblemAssert.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.TandemIT;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

@TandemIT
class FunctionsApiIT {

  static final String PAYMENT = Fixtures.paymentService();

  @LocalServerPort int port;
  Api api;
  String space;
  String invoke;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = Api.uniqueSlug("fn");
    api.post("/api/v1/spaces", Map.of("slug", space));
    invoke = "/api/v1/spaces/" + space + "/functions/invoke";
    assertThat(api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "payment", "data", PAYMENT)).status())
        .isEqualTo(201);
  }

  static Map<String, Object> call(String name, String... args) {
    return Map.of("name", name, "args", List.of(args));
  }

  @Test
  void catalogListsFunctionsWithTypedParameters() {
    Api.Response catalog = api.get("/api/v1/functions");

    assertThat(catalog.status()).isEqualTo(200);
    JsonNode function = null;
    for (JsonNode item : catalog.json()) {
      if (item.path("name").asString().equals("set-container-resources")) {
        function = item;
      }
    }
    assertThat(function).isNotNull();
    assertThat(function.path("kind").asString()).isEqualTo("Mutating");
    assertThat(function.path("description").asString()).isNotBlank();
    assertThat(function.path("parameters").findValuesAsString("name"))
        .containsExactly("container", "mode", "cpu", "memory", "limitFactor");
    JsonNode mode = function.path("parameters").get(1);
    assertThat(mode.path("type").asString()).isEqualTo("enum");
    assertThat(mode.path("required").asBoolean()).isTrue();
    assertThat(mode.path("enum").values()).extracting(JsonNode::asString).containsExactly("all", "cap", "floor");
    assertThat(function.path("parameters").get(2).path("type").asString()).isEqualTo("quantity");
    assertThat(catalog.json().findValuesAsString("kind")).contains("Readonly", "Validating");
  }

  @Test
  void theWorkedExampleMakesOneFunctionRevisionWithMutations() {
    Api.Response invoked =
        api.post(invoke, Map.of("units", List.of("payment"),
            "functions", List.of(call("set-container-resources", "server", "floor", "100m", "200Mi", "2"))));

    assertThat(invoked.status()).as(invoked.toString()).isEqualTo(200);
    JsonNode result = invoked.json().path("results").get(0);
    assertThat(result.path("unit").asString()).isEqualTo("payment");
    assertThat(result.path("mutated").asBoolean()).isTrue();
    assertThat(result.path("revisionNum").asInt()).isEqualTo(2);
    assertThat(result.path("error").isNull()).isTrue();
    assertThat(result.path("validation").path("passed").asBoolean()).isTrue();

    String data = api.get("/api/v1/spaces/" + space + "/units/payment/data").body();
    assertThat(data).isEqualTo(PAYMENT.replace("memory: 64Mi", "memory: 200Mi").replace("memory: 128Mi", "memory: 400Mi"));
    JsonNode revision = api.get("/api/v1/spaces/" + space + "/units/payment/revisions/2").json();
    assertThat(revision.path("source").asString()).isEqualTo("Function");
    assertThat(revision.path("description").asString()).isEqualTo("set-container-resources server floor 100m 200Mi 2");
    assertThat(revision.path("mutations").findValuesAsString("path"))
        .containsExactly(
            "spec.template.spec.containers.0.resources.requests.memory",
            "spec.template.spec.containers.0.resources.limits.memory");
    assertThat(revision.path("mutations").findValuesAsString("by"))
        .containsOnly("set-container-resources server floor 100m 200Mi 2");
  }

  @Test
  void severalFunctionsMakeOneRevisionAndEachMutationNamesItsFunction() {
    api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "other", "data", PAYMENT));

    Api.Response invoked =
        api.post(invoke, Map.of(
            "functions", List.of(call("set-replicas", "3"), call("set-image", "server", "payments:2.0")),
            "changeDescription", "Release 2.0"));

    assertThat(invoked.status()).isEqualTo(200);
    assertThat(invoked.json().path("results").findValuesAsString("unit")).containsExactly("other", "payment");
    JsonNode revision = api.get("/api/v1/spaces/" + space + "/units/other/revisions/head").json();
    assertThat(revision.path("num").asInt()).isEqualTo(2);
    assertThat(revision.path("description").asString()).isEqualTo("Release 2.0");
    assertThat(revision.path("mutations").findValuesAsString("by")).containsExactly("set-replicas 3", "set-image server payments:2.0");
  }

  @Test
  void readonlyAndValidatingFunctionsReportWithoutARevision() {
    Api.Response invoked =
        api.post(invoke, Map.of("units", List.of("payment"),
            "functions", List.of(call("get-image", "server"), call("vet-placeholders"))));

    JsonNode result = invoked.json().path("results").get(0);
    assertThat(result.path("mutated").asBoolean()).isFalse();
    assertThat(result.path("revisionNum").isNull()).isTrue();
    JsonNode output = result.path("outputs").get(0);
    assertThat(output.path("function").asString()).isEqualTo("get-image");
    assertThat(output.path("resource").asString()).isEqualTo("apps/v1/Deployment//paymentservice");
    assertThat(output.path("path").asString()).isEqualTo("spec.template.spec.containers.0.image");
    assertThat(output.path("value").asString()).endsWith("paymentservice:v0.10.2");
    assertThat(result.path("validation").path("passed").asBoolean()).isTrue();
    assertThat(api.get("/api/v1/spaces/" + space + "/units/payment").json().path("headRevisionNum").asInt()).isEqualTo(1);

    api.putYaml("/api/v1/spaces/" + space + "/units/payment/data", PAYMENT.replace("replicas: 1", "replicas: 999999999"));
    JsonNode vetted = api.post(invoke, Map.of("functions", List.of(call("vet-placeholders")))).json().path("results").get(0);
    assertThat(vetted.path("validation").path("passed").asBoolean()).isFalse();
    assertThat(vetted.path("validation").path("details").get(0).path("path").asString()).isEqualTo("spec.replicas");
    assertThat(vetted.path("validation").path("details").get(0).path("resource").asString())
        .isEqualTo("apps/v1/Deployment//paymentservice");
  }

  @Test
  void dryRunReturnsTheWouldBeDataAndWritesNothing() {
    Api.Response invoked =
        api.post(invoke, Map.of("dryRun", true, "functions", List.of(call("set-replicas", "4"))));

    JsonNode result = invoked.json().path("results").get(0);
    assertThat(result.path("mutated").asBoolean()).isTrue();
    assertThat(result.path("revisionNum").isNull()).isTrue();
    JsonNode dryRun = result.path("outputs").get(result.path("outputs").size() - 1);
    assertThat(dryRun.path("function").asString()).isEqualTo("dryRun");
    assertThat(dryRun.path("value").asString()).isEqualTo(PAYMENT.replace("replicas: 1", "replicas: 4"));
    JsonNode unit = api.get("/api/v1/spaces/" + space + "/units/payment").json();
    assertThat(unit.path("headRevisionNum").asInt()).isEqualTo(1);
    assertThat(unit.path("version").asLong()).isEqualTo(1);
  }

  @Test
  void aFunctionThatChangesNothingMakesNoRevision() {
    Api.Response invoked = api.post(invoke, Map.of("functions", List.of(call("set-replicas", "1"))));

    assertThat(invoked.json().path("results").get(0).path("mutated").asBoolean()).isFalse();
    assertThat(api.get("/api/v1/spaces/" + space + "/units/payment/revisions").items()).hasSize(1);
  }

  @Test
  void unitsThatFailAreReportedWith207AndLeftUnchanged() {
    Api.Response invoked =
        api.post(invoke, Map.of("units", List.of("payment", "ghost"),
            "functions", List.of(call("delete-path", "metadata.name"))));

    assertThat(invoked.status()).isEqualTo(207);
    JsonNode payment = invoked.json().path("results").get(0);
    assertThat(payment.path("error").path("code").asString()).isEqualTo("validation-failed");
    assertThat(payment.path("error").path("detail").asString()).contains("metadata.name");
    JsonNode ghost = invoked.json().path("results").get(1);
    assertThat(ghost.path("unit").asString()).isEqualTo("ghost");
    assertThat(ghost.path("error").path("code").asString()).isEqualTo("not-found");
    assertThat(api.get("/api/v1/spaces/" + space + "/units/payment/data").body()).isEqualTo(PAYMENT);
  }

  @Test
  void badCallsAreRejectedBeforeAnyUnitIsTouched() {
    assertProblem(api.post(invoke, Map.of("functions", List.of(call("set-everything", "x")))),
        400, "unknown-function", "set-everything");
    assertProblem(api.post(invoke, Map.of("functions", List.of(call("set-replicas")))),
        400, "invalid-argument", "set-replicas");
    assertProblem(api.post(invoke, Map.of("functions", List.of(call("set-replicas", "many")))),
        400, "invalid-argument", "replicas");
    assertProblem(api.post(invoke, Map.of("functions", List.of(call("set-container-resources", "server", "most", "1", "1Gi", "2")))),
        400, "invalid-argument", "mode");
    assertProblem(api.post(invoke, Map.of("functions", List.of(call("set-container-resources", "server", "all", "lots", "1Gi", "2")))),
        400, "invalid-argument", "cpu");
    assertProblem(api.post(invoke, Map.of("functions", List.of(call("set-container-resources", "server", "all", "1", "1Gi", "11")))),
        400, "invalid-argument", "limitFactor");
    assertProblem(api.post(invoke, Map.of("functions", List.of(call("set-image-reference", "server", "latest")))),
        400, "invalid-argument", "reference");
    assertProblem(api.post(invoke, Map.of("functions", List.of(call("vet-celexpr", "r.spec.replicas >=")))),
        400, "invalid-argument", "expression");
    assertProblem(api.post(invoke, Map.of("functions", List.of())), 400, "validation-failed", "functions");
    assertProblem(api.post(invoke, Map.of("where", "Slug = x'", "functions", List.of(call("get-replicas")))),
        400, "invalid-where", "character 9");
    assertProblem(api.post("/api/v1/spaces/no-such-space/functions/invoke", Map.of("functions", List.of(call("get-replicas")))),
        404, "not-found", "no-such-space");
    assertProblem(api.post("/api/v1/spaces/no-such-space/functions/invoke",
            Map.of("units", List.of("payment"), "functions", List.of(call("get-replicas")))),
        404, "not-found", "no-such-space");
    assertThat(api.get("/api/v1/spaces/" + space + "/units/payment").json().path("version").asLong()).isEqualTo(1);
  }
}
