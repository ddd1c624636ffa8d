package io.tandem.apply;

import static io.tandem.support.ProblemAssert.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.TandemIT;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

@TandemIT
class BulkActionsIT {

  @LocalServerPort int port;
  Api api;
  String space;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = Api.uniqueSlug("bulk");
    api.post("/api/v1/spaces", Map.of("slug", space));
    unit("cart", "backend", "sandbox");
    unit("payment", "backend", "sandbox");
    unit("orphan", "backend", null);
    unit("web", "frontend", "sandbox");
  }

  void unit(String slug, String tier, String target) {
    String data = Fixtures.paymentService()
        .replace("name: paymentservice\n", "name: " + slug + "\n  namespace: " + space + "\n");
    Map<String, Object> body = new HashMap<>(Map.of("slug", slug, "data", data, "labels", Map.of("tier", tier)));
    if (target != null) {
      body.put("target", target);
    }
    assertThat(api.post("/api/v1/spaces/" + space + "/units", body).status()).isEqualTo(201);
  }

  @Test
  void applyingWhatAWhereSelectsQueuesOneActionPerUnitAndReportsTheRest() {
    Api.Response response = api.post("/api/v1/spaces/" + space + "/actions", Map.of("action", "apply", "where", "Labels.tier = 'backend'"));

    assertThat(response.status()).isEqualTo(207);
    List<JsonNode> results = response.json().path("results").values().stream().toList();
    assertThat(results).extracting(r -> r.path("unit").asString()).containsExactly("cart", "orphan", "payment");
    assertThat(results.get(0).path("action").path("action").asString()).isEqualTo("Apply");
    assertThat(results.get(1).path("error").path("code").asString()).isEqualTo("conflict");
    assertThat(results.get(1).has("action")).isFalse();
    for (JsonNode result : List.of(results.get(0), results.get(2))) {
      assertThat(finished(result.path("action").path("id").asString()).path("status").asString()).isEqualTo("Completed");
    }
    assertThat(api.get("/api/v1/spaces/" + space + "/units/web").json().path("liveRevisionNum").asInt()).isZero();
  }

  @Test
  void dryRunOnlySaysWhichUnitsWouldBeActedOn() {
    Api.Response response = api.post("/api/v1/spaces/" + space + "/actions",
        Map.of("action", "destroy", "units", List.of("web", "cart"), "where", "Labels.tier = 'frontend'", "dryRun", true));

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.json().path("results").findValuesAsString("unit")).containsExactly("web");
    assertThat(api.get("/api/v1/spaces/" + space + "/units/web/actions").items()).isEmpty();
  }

  @Test
  void organisationWideActionsSelectAcrossSpaces() {
    Api.Response response = api.post("/api/v1/actions",
        Map.of("action", "apply", "where", "Space.Slug = '" + space + "' AND Labels.tier = 'frontend'"));

    assertThat(response.status()).isEqualTo(200);
    JsonNode result = response.json().path("results").get(0);
    assertThat(result.path("space").asString()).isEqualTo(space);
    assertThat(result.path("unit").asString()).isEqualTo("web");
    assertThat(finished(result.path("action").path("id").asString()).path("status").asString()).isEqualTo("Completed");

    Api.Response named = api.post("/api/v1/actions", Map.of("action", "apply", "units", List.of(space + "/cart"), "dryRun", true));
    assertThat(named.json().path("results").findValuesAsString("unit")).containsExactly("cart");
    assertProblem(api.post("/api/v1/actions", Map.of("action", "apply", "units", List.of("cart"))), 400, "validation-failed", "space/unit");
  }

  @Test
  void badBulkRequestsAreRejected() {
    String path = "/api/v1/spaces/" + space + "/actions";
    assertProblem(api.post(path, Map.of("action", "explode")), 400, "invalid-argument", "action");
    assertProblem(api.post(path, Map.of("units", List.of("cart"))), 400, "validation-failed", "action");
    assertProblem(api.post(path, Map.of("action", "apply", "where", "Tier = 'x'")), 400, "invalid-where", "Tier");
    assertProblem(api.post("/api/v1/spaces/no-such-space/actions", Map.of("action", "apply")), 404, "not-found", "no-such-space");
    assertThat(api.get("/api/v1/spaces/" + space + "/units/cart/actions").items()).isEmpty();
  }

  JsonNode finished(String id) {
    return await("action " + id + " finished").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50))
        .until(() -> api.get("/api/v1/actions/" + id).json(),
            action -> List.of("Completed", "Failed").contains(action.path("status").asString()));
  }
}
