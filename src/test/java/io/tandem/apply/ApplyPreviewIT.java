package io.tandem.apply;

import static io.tandem.support.ProblemAssert.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.Grants;
import io.tandem.support.TandemIT;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** The preview of an apply on the mock sandbox: its answers and problems, and that it writes and queues nothing. */
@TandemIT
class ApplyPreviewIT {

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;
  Api api;
  String space;
  String units;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = Api.uniqueSlug("preview");
    api.post("/api/v1/spaces", Map.of("slug", space));
    units = "/api/v1/spaces/" + space + "/units";
  }

  @Test
  void aUnitNeverAppliedPreviewsAsCreatesAndNothingReachesTheClusterOrTheQueue() {
    String data = Fixtures.paymentService().replace("  name: paymentservice\n", "  name: paymentservice\n  namespace: " + space + "\n");
    api.post(units, Map.of("slug", "payment", "data", data, "target", "sandbox"));

    Api.Response response = api.post(units + "/payment/apply?dryRun=true", null);
    Api.Response same = api.post(units + "/payment/apply/preview", null);

    assertThat(response.status()).as(response.body()).isEqualTo(200);
    JsonNode preview = response.json();
    assertThat(preview.path("target").asString()).isEqualTo("sandbox");
    assertThat(values(preview.path("objects"), "operation")).containsExactly("create", "create");
    assertThat(preview.path("objects").get(0).path("namespace").asString()).isEqualTo(space);
    assertThat(values(preview.path("changes"), "path")).as(preview.toPrettyString()).containsExactly("", "");
    assertThat(preview.path("objects").get(0).path("note").asString()).contains("shown as written");
    assertThat(preview.path("unified").asString()).contains("+++ payment@1 (dry run)", "+    app: paymentservice");
    assertThat(same.json().path("changes")).isEqualTo(preview.path("changes"));
    try (KubernetesClient client = sandbox.client()) {
      assertThat(client.apps().deployments().inNamespace(space).withName("paymentservice").get()).isNull();
    }
    assertThat(api.get(units + "/payment/actions").json().path("items").size()).isZero();
    assertThat(api.get(units + "/payment").json().path("lastAppliedRevisionNum").asInt()).isZero();
  }

  @Test
  void aUnitWithoutATargetIsAConflictAndAnUnreachableTargetIsSaidSo() {
    api.post(units, Map.of("slug", "loose", "data", Fixtures.paymentService()));
    String down = Api.uniqueSlug("down");
    api.post("/api/v1/targets", Map.of("slug", down, "server", "http://127.0.0.1:1", "token", "t"));
    Grants.everySpace(api, down);
    api.post(units, Map.of("slug", "far", "data", Fixtures.paymentService(), "target", down));

    assertProblem(api.post(units + "/loose/apply?dryRun=true", null), 409, "conflict", "no target");
    Api.Response unreachable = api.post(units + "/far/apply?dryRun=true", null);
    assertProblem(unreachable, 502, "target-unreachable", down);
    assertThat(unreachable.body()).doesNotContain("\"t\"");
    assertProblem(api.post(units + "/far/apply?dryRun=maybe", null), 400, "invalid-argument", "dryRun");
    assertThat(api.get(units + "/far/actions").json().path("items").size()).isZero();
  }

  private static List<String> values(JsonNode items, String field) {
    List<String> values = new ArrayList<>();
    items.forEach(item -> values.add(item.path(field).asString()));
    return values;
  }
}
