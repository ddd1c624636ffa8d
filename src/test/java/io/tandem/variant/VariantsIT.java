package io.tandem.variant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.ProblemAssert;
import io.tandem.support.TandemIT;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** One base, many environments: clones keep their own changes through upgrades; links fill values and order applies. */
@TandemIT
class VariantsIT {

  static final String IMAGE = "us-central1-docker.pkg.dev/google-samples/microservices-demo/paymentservice";

  @LocalServerPort int port;
  Api api;
  String base;
  String dev;
  String prod;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    String run = Api.uniqueSlug("v");
    base = run + "-base";
    dev = run + "-dev";
    prod = run + "-prod";
    for (String space : List.of(base, dev, prod)) {
      api.post("/api/v1/spaces", Map.of("slug", space));
    }
    api.post("/api/v1/spaces/" + base + "/units", Map.of("slug", "paymentservice", "data", Fixtures.paymentService()));
    Api.Response cloned = api.post("/api/v1/spaces/" + base + "/clones", Map.of("units", List.of("paymentservice"), "toSpaces", List.of(dev, prod)));
    assertThat(cloned.status()).as(cloned.body()).isEqualTo(200);
  }

  String unit(String space) {
    return "/api/v1/spaces/" + space + "/units/paymentservice";
  }

  void invoke(String space, String function, String... args) {
    Api.Response invoked = api.post("/api/v1/spaces/" + space + "/functions/invoke",
        Map.of("units", List.of("paymentservice"), "functions", List.of(Map.of("name", function, "args", List.of(args)))));
    assertThat(invoked.status()).as(invoked.body()).isEqualTo(200);
    assertThat(invoked.json().path("results").get(0).path("mutated").asBoolean()).isTrue();
  }

  Api.Response upgrade(String space, String strategy) {
    return api.post(unit(space) + "/upgrade" + (strategy == null ? "" : "?strategy=" + strategy), null);
  }

  @Test
  void prodUpgradesToTheNewBaseImageAndKeepsItsOwnReplicas() {
    JsonNode clone = api.get(unit(prod)).json();
    assertThat(clone.path("upstream").path("space").asString()).isEqualTo(base);
    assertThat(clone.path("upstream").path("baseRevisionNum").asInt()).isEqualTo(1);
    assertThat(api.get(unit(prod) + "/data").body()).isEqualTo(Fixtures.paymentService());
    invoke(prod, "set-replicas", "3");
    invoke(base, "set-image", "server", IMAGE + ":v0.11.0");

    assertThat(api.get(unit(prod)).json().path("upstream").path("upgradeNeeded").asBoolean()).isTrue();
    assertThat(api.get("/api/v1/spaces/" + prod + "/units?where=UpgradeNeeded%20%3D%20true").json().path("items").size()).isEqualTo(1);

    JsonNode upgraded = upgrade(prod, null).json();

    assertThat(upgraded.path("fromUpstreamRevision").asInt()).isEqualTo(1);
    assertThat(upgraded.path("toUpstreamRevision").asInt()).isEqualTo(2);
    assertThat(upgraded.path("conflicts").size()).isZero();
    String data = api.get(unit(prod) + "/data").body();
    assertThat(data).isEqualTo(Fixtures.paymentService().replace("replicas: 1", "replicas: 3").replace(":v0.10.2", ":v0.11.0"));
    JsonNode revision = api.get(unit(prod) + "/revisions/head").json();
    assertThat(revision.path("source").asString()).isEqualTo("Upgrade");
    assertThat(revision.path("mutations").get(0).path("path").asString()).isEqualTo("spec.template.spec.containers.0.image");
    assertThat(api.get(unit(prod)).json().path("upstream").path("upgradeNeeded").asBoolean()).isFalse();
  }

  @Test
  void aConflictIsReportedWithItsPathsAndResolvedEitherWay() {
    invoke(dev, "set-replicas", "5");
    invoke(prod, "set-replicas", "3");
    invoke(base, "set-replicas", "4");
    invoke(base, "set-image", "server", IMAGE + ":v0.11.0");

    Api.Response conflict = upgrade(prod, null);
    ProblemAssert.assertProblem(conflict, 409, "conflict", "spec.replicas");
    assertThat(conflict.json().path("conflicts").get(0).path("path").asString()).isEqualTo("spec.replicas");
    assertThat(conflict.json().path("conflicts").get(0).path("upstream").asInt()).isEqualTo(4);
    assertThat(conflict.json().path("conflicts").get(0).path("downstream").asInt()).isEqualTo(3);
    assertThat(api.get(unit(prod)).json().path("headRevisionNum").asInt()).isEqualTo(2); // nothing changed
    assertThat(api.get(unit(prod)).json().path("upstream").path("baseRevisionNum").asInt()).isEqualTo(1);

    assertThat(upgrade(prod, "downstreamWins").status()).isEqualTo(200);
    assertThat(upgrade(dev, "upstreamWins").status()).isEqualTo(200);

    assertThat(api.get(unit(prod) + "/data").body()).contains("replicas: 3", ":v0.11.0");
    assertThat(api.get(unit(dev) + "/data").body()).contains("replicas: 4", ":v0.11.0");
    ProblemAssert.assertProblem(upgrade(prod, "theirs"), 400, "invalid-argument", "upstreamWins");
    ProblemAssert.assertProblem(upgrade(base, null), 409, "conflict", "no upstream");
  }

  @Test
  void aBulkUpgradeTakesEveryCloneThatNeedsIt() {
    invoke(base, "set-image", "server", IMAGE + ":v0.12.0");

    Api.Response upgraded = api.post("/api/v1/spaces/" + prod + "/upgrades", Map.of("where", "UpgradeNeeded = true"));

    assertThat(upgraded.status()).as(upgraded.body()).isEqualTo(200);
    assertThat(upgraded.json().path("results").get(0).path("upgrade").path("changesApplied").asInt()).isEqualTo(1);
    assertThat(api.get(unit(prod) + "/data").body()).contains(":v0.12.0");
  }

  @Test
  void aLinkedNamespaceFillsThePlaceholderAndAppliesFirst() {
    String space = dev;
    String namespace = space + "-ns";
    api.post("/api/v1/spaces/" + space + "/units",
        Map.of("slug", "namespace", "data", "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: " + namespace + "\n", "target", "sandbox"));
    String app = Fixtures.paymentService().replace("  name: paymentservice\n", "  name: paymentservice\n  namespace: confighubplaceholder\n");
    api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "app", "data", app, "target", "sandbox"));
    String appPath = "/api/v1/spaces/" + space + "/units/app";

    Api.Response linked = api.post(appPath + "/links", Map.of("to", "namespace"));

    assertThat(linked.status()).as(linked.body()).isEqualTo(201);
    assertThat(api.get(appPath + "/data").body()).isEqualTo(app.replace("confighubplaceholder", namespace));
    JsonNode mutations = api.get(appPath + "/revisions/head").json().path("mutations");
    assertThat(mutations.findValuesAsString("by")).containsOnly("link: namespace " + namespace);
    ProblemAssert.assertProblem(api.post("/api/v1/spaces/" + space + "/units/namespace/links", Map.of("to", "app")),
        409, "conflict", "cycle");

    // the namespace first, then the app: the app's apply waits for it
    Api.Response applied = api.post("/api/v1/spaces/" + space + "/actions",
        Map.of("action", "apply", "units", List.of("app", "namespace")));
    assertThat(applied.status()).as(applied.body()).isEqualTo(200);
    assertThat(applied.json().path("results").get(0).path("unit").asString()).isEqualTo("namespace");
    await("app applied").atMost(Duration.ofSeconds(30))
        .until(() -> api.get(appPath).json().path("liveRevisionNum").asInt() > 0);
    JsonNode nsApply = api.get("/api/v1/spaces/" + space + "/units/namespace/actions").json().path("items").get(0);
    JsonNode appApply = api.get(appPath + "/actions").json().path("items").get(0);
    assertThat(Instant.parse(appApply.path("startedAt").asString()))
        .isAfterOrEqualTo(Instant.parse(nsApply.path("finishedAt").asString()));

    Api.Response destroyed = api.post("/api/v1/spaces/" + space + "/actions",
        Map.of("action", "destroy", "units", List.of("namespace", "app"), "confirm", true, "count", 2));
    assertThat(destroyed.json().path("results").get(0).path("unit").asString()).isEqualTo("app");
  }

  @Test
  void aCloneIntoANullSpaceIsABadRequestAndClonesNothing() {
    ProblemAssert.assertProblem(api.post("/api/v1/spaces/" + base + "/clones", "{\"toSpaces\": [null, \"" + dev + "\"]}"),
        400, "validation-failed", "toSpaces");
    assertThat(api.get("/api/v1/spaces/" + dev + "/units").items()).hasSize(1);
  }
}
