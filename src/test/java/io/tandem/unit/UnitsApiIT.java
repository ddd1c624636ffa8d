package io.tandem.unit;

import static io.tandem.support.ProblemAssert.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.common.hash.ContentHash;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.TandemIT;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

@TandemIT
class UnitsApiIT {

  static final String V1 = Fixtures.paymentService();
  static final String V2 = V1.replace("memory: 128Mi", "memory: 256Mi");
  static final String V3 = V2.replace("replicas: 1", "replicas: 3");

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  Api api;
  String space;
  String units;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = Api.uniqueSlug("units");
    assertThat(api.post("/api/v1/spaces", Map.of("slug", space, "driftMode", "Capture")).status()).isEqualTo(201);
    units = "/api/v1/spaces/" + space + "/units";
  }

  Api.Response create(String slug, String data) {
    Api.Response created = api.post(units, Map.of("slug", slug, "data", data));
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
    return created;
  }

  @Test
  void createMakesRevisionOneWithTheDataAsGiven() {
    Api.Response created = api.post(units, Map.of("slug", "payment", "data", V1, "labels", Map.of("tier", "backend"),
        "target", "sandbox", "changeDescription", "First cut"));

    assertThat(created.status()).isEqualTo(201);
    assertThat(created.header("ETag")).isEqualTo("\"1\"");
    assertThat(created.header("Location")).isEqualTo(units + "/payment");
    JsonNode unit = created.json();
    assertThat(unit.path("space").asString()).isEqualTo(space);
    assertThat(unit.path("slug").asString()).isEqualTo("payment");
    assertThat(unit.path("displayName").asString()).isEqualTo("payment");
    assertThat(unit.path("labels").path("tier").asString()).isEqualTo("backend");
    assertThat(unit.path("target").asString()).isEqualTo("sandbox");
    assertThat(unit.path("driftMode").asString()).as("inherited from the space").isEqualTo("Capture");
    assertThat(unit.path("version").asLong()).isEqualTo(1);
    assertThat(unit.path("headRevisionNum").asInt()).isEqualTo(1);
    assertThat(unit.path("liveRevisionNum").asInt()).isZero();
    assertThat(unit.path("lastAppliedRevisionNum").asInt()).isZero();
    assertThat(unit.path("previousLiveRevisionNum").asInt()).isZero();
    assertThat(unit.path("unappliedChanges").asBoolean()).isTrue();
    assertThat(unit.path("drift").asString()).isEqualTo("None");
    assertThat(unit.has("status")).isTrue();
    assertThat(unit.path("status").isNull()).isTrue();
    assertThat(unit.path("data").asString()).isEqualTo(V1);

    JsonNode revision = api.get(units + "/payment/revisions/1").json();
    assertThat(revision.path("source").asString()).isEqualTo("Create");
    assertThat(revision.path("description").asString()).isEqualTo("First cut");
    assertThat(revision.path("author").asString()).isEqualTo("anonymous");
    assertThat(revision.path("contentHash").asString()).isEqualTo("sha256:" + ContentHash.sha256Hex(V1));
    assertThat(revision.path("data").asString()).isEqualTo(V1);
    assertThat(revision.path("mutations").findValuesAsString("resource"))
        .containsExactly("apps/v1/Deployment//paymentservice", "v1/Service//paymentservice");
    assertThat(revision.path("mutations").findValuesAsString("op")).containsOnly("add");
    assertThat(revision.path("mutations").findValuesAsString("by")).containsOnly("create");
  }

  @Test
  void getReturnsTheHeadWithItsETag() {
    create("payment", V1);

    Api.Response got = api.get(units + "/payment");

    assertThat(got.status()).isEqualTo(200);
    assertThat(got.header("ETag")).isEqualTo("\"1\"");
    assertThat(got.json().path("data").asString()).isEqualTo(V1);
  }

  @Test
  void putOfNewDataMakesAnUpdateRevisionWithMutations() {
    create("payment", V1);

    Api.Response put = api.putYaml(units + "/payment/data?changeDescription=More%20memory", V2, "If-Match", "\"1\"");

    assertThat(put.status()).as(put.toString()).isEqualTo(200);
    assertThat(put.header("ETag")).isEqualTo("\"2\"");
    assertThat(put.json().path("headRevisionNum").asInt()).isEqualTo(2);
    assertThat(put.json().path("data").asString()).isEqualTo(V2);
    JsonNode revision = api.get(units + "/payment/revisions/2").json();
    assertThat(revision.path("source").asString()).isEqualTo("Update");
    assertThat(revision.path("description").asString()).isEqualTo("More memory");
    assertThat(revision.path("mutations")).hasSize(1);
    JsonNode mutation = revision.path("mutations").get(0);
    assertThat(mutation.path("resource").asString()).isEqualTo("apps/v1/Deployment//paymentservice");
    assertThat(mutation.path("path").asString()).isEqualTo("spec.template.spec.containers.0.resources.limits.memory");
    assertThat(mutation.path("op").asString()).isEqualTo("replace");
    assertThat(mutation.path("by").asString()).isEqualTo("update");
    assertThat(api.get(units + "/payment/data").body()).isEqualTo(V2);
  }

  @Test
  void putOfIdenticalDataMakesNoRevision() {
    create("payment", V1);

    Api.Response put = api.putYaml(units + "/payment/data", V1);

    assertThat(put.status()).isEqualTo(200);
    assertThat(put.json().path("headRevisionNum").asInt()).isEqualTo(1);
    assertThat(put.json().path("version").asLong()).isEqualTo(1);
    assertThat(api.get(units + "/payment/revisions").items()).hasSize(1);
  }

  @Test
  void patchOfMetadataBumpsTheVersionButMakesNoRevision() {
    create("payment", V1);
    Map<String, Object> patch = new HashMap<>();
    patch.put("labels", Map.of("tier", "backend"));
    patch.put("displayName", "Payment service");
    patch.put("driftMode", "Revert");
    patch.put("target", "prod-east");

    Api.Response patched = api.patch(units + "/payment", patch, "If-Match", "\"1\"");

    assertThat(patched.status()).as(patched.toString()).isEqualTo(200);
    JsonNode unit = patched.json();
    assertThat(unit.path("version").asLong()).isEqualTo(2);
    assertThat(patched.header("ETag")).isEqualTo("\"2\"");
    assertThat(unit.path("headRevisionNum").asInt()).isEqualTo(1);
    assertThat(unit.path("labels").path("tier").asString()).isEqualTo("backend");
    assertThat(unit.path("displayName").asString()).isEqualTo("Payment service");
    assertThat(unit.path("driftMode").asString()).isEqualTo("Revert");
    assertThat(unit.path("target").asString()).isEqualTo("prod-east");

    Map<String, Object> clear = new HashMap<>();
    clear.put("target", null);
    clear.put("driftMode", null);
    JsonNode cleared = api.patch(units + "/payment", clear).json();
    assertThat(cleared.path("target").isNull()).isTrue();
    assertThat(cleared.path("driftMode").asString()).as("back to the space's default").isEqualTo("Capture");
  }

  @Test
  void patchOfDataAndLabelsTogetherMakesOneRevision() {
    create("payment", V1);

    Api.Response patched =
        api.patch(units + "/payment", Map.of("data", V2, "labels", Map.of("a", "b"), "changeDescription", "Both"));

    assertThat(patched.status()).isEqualTo(200);
    assertThat(patched.json().path("version").asLong()).isEqualTo(2);
    assertThat(patched.json().path("headRevisionNum").asInt()).isEqualTo(2);
    assertThat(api.get(units + "/payment/revisions/head").json().path("description").asString()).isEqualTo("Both");
  }

  @Test
  void staleIfMatchIsPreconditionFailedAndChangesNothing() {
    create("payment", V1);
    api.putYaml(units + "/payment/data", V2);

    assertProblem(api.putYaml(units + "/payment/data", V3, "If-Match", "\"1\""), 412, "precondition-failed", "stale");
    assertProblem(api.patch(units + "/payment", Map.of("labels", Map.of("a", "b")), "If-Match", "\"1\""),
        412, "precondition-failed", "version 2");
    assertProblem(api.patch(units + "/payment?restore=1", null, "If-Match", "\"1\""), 412, "precondition-failed", "stale");
    assertProblem(api.delete(units + "/payment", "If-Match", "\"1\""), 412, "precondition-failed", "stale");
    assertThat(api.putYaml(units + "/payment/data", V3, "If-Match", "\"1\"").json().path("currentVersion").asLong())
        .isEqualTo(2);

    JsonNode unit = api.get(units + "/payment").json();
    assertThat(unit.path("version").asLong()).isEqualTo(2);
    assertThat(unit.path("labels").properties()).isEmpty();
    assertThat(unit.path("data").asString()).isEqualTo(V2);
    assertThat(api.get(units + "/payment/revisions").items()).hasSize(2);
  }

  @Test
  void restoreByEveryRelativeAndAbsoluteFormCopiesThatRevisionsData() {
    create("payment", V1);
    api.putYaml(units + "/payment/data", V2);
    api.putYaml(units + "/payment/data", V3);

    assertRestore("-1", 4, 2, V2); // head 3 -> -1 is revision 2
    assertRestore("1", 5, 1, V1);
    assertRestore("0", 6, 5, V1); // 0 is the head itself
    assertRestore("head", 7, 6, V1);
    assertRestore("-4", 8, 3, V3);

    JsonNode revision = api.get(units + "/payment/revisions/4").json();
    assertThat(revision.path("source").asString()).isEqualTo("Restore");
    assertThat(revision.path("restoredFrom").asInt()).isEqualTo(2);
    assertThat(revision.path("description").asString()).isEqualTo("Restore revision 2");
    assertThat(revision.path("mutations").get(0).path("by").asString()).isEqualTo("restore of 2");
    assertThat(revision.path("mutations").get(0).path("path").asString()).isEqualTo("spec.replicas");
    assertThat(revision.path("contentHash").asString())
        .isEqualTo(api.get(units + "/payment/revisions/2").json().path("contentHash").asString());
  }

  void assertRestore(String ref, int expectedHead, int restoredFrom, String expectedData) {
    Api.Response restored = api.patch(units + "/payment?restore=" + ref, null);
    assertThat(restored.status()).as(restored.toString()).isEqualTo(200);
    assertThat(restored.json().path("headRevisionNum").asInt()).isEqualTo(expectedHead);
    assertThat(restored.json().path("data").asString()).isEqualTo(expectedData);
    JsonNode head = api.get(units + "/payment/revisions/head").json();
    assertThat(head.path("source").asString()).isEqualTo("Restore");
    assertThat(head.path("restoredFrom").asInt()).isEqualTo(restoredFrom);
  }

  @Test
  void restoreRecordsTheGivenDescription() {
    create("payment", V1);
    api.putYaml(units + "/payment/data", V2);

    Api.Response restored = api.patch(units + "/payment?restore=-1", Map.of("changeDescription", "Roll back memory"));

    assertThat(restored.status()).isEqualTo(200);
    assertThat(api.get(units + "/payment/revisions/3").json().path("description").asString())
        .isEqualTo("Roll back memory");
  }

  @Test
  void restoreOfRevisionsThatDoNotExistIsNotFoundAndChangesNothing() {
    create("payment", V1);
    api.putYaml(units + "/payment/data", V2);

    assertProblem(api.patch(units + "/payment?restore=live", null), 404, "not-found", "never been applied");
    assertProblem(api.patch(units + "/payment?restore=previousLive", null), 404, "not-found", "previous live");
    assertProblem(api.patch(units + "/payment?restore=9", null), 404, "not-found", "head is revision 2");
    assertProblem(api.patch(units + "/payment?restore=-2", null), 404, "not-found", "-2");
    assertProblem(api.patch(units + "/payment?restore=latest", null), 400, "invalid-argument", "restore");
    assertProblem(api.patch(units + "/payment?restore=-1", Map.of("data", V3)), 400, "validation-failed", "data");

    assertThat(api.get(units + "/payment").json().path("headRevisionNum").asInt()).isEqualTo(2);
  }

  @Test
  void revisionsAreListedNewestFirstAcrossPages() {
    create("payment", V1);
    for (int i = 2; i <= 7; i++) {
      api.putYaml(units + "/payment/data", V1.replace("replicas: 1", "replicas: " + i));
    }

    List<Integer> nums = new ArrayList<>();
    String cursor = null;
    do {
      Api.Response page = api.get(units + "/payment/revisions?limit=3" + (cursor == null ? "" : "&cursor=" + cursor));
      page.items().forEach(item -> {
        nums.add(item.path("num").asInt());
        assertThat(item.has("data")).isFalse();
        assertThat(item.has("mutations")).isFalse();
      });
      cursor = page.json().path("nextCursor").isNull() ? null : page.json().path("nextCursor").asString();
    } while (cursor != null);

    assertThat(nums).containsExactly(7, 6, 5, 4, 3, 2, 1);
  }

  @Test
  void dataOfAnyRevisionIsServedAsYaml() {
    create("payment", V1);
    api.putYaml(units + "/payment/data", V2);

    Api.Response first = api.get(units + "/payment/data?revision=1");
    assertThat(first.status()).isEqualTo(200);
    assertThat(first.header("Content-Type")).startsWith("application/yaml");
    assertThat(first.body()).isEqualTo(V1);
    assertThat(api.get(units + "/payment/data?revision=-1").body()).isEqualTo(V1);
    assertThat(api.get(units + "/payment/data").body()).isEqualTo(V2);
    assertProblem(api.get(units + "/payment/data?revision=3"), 404, "not-found", "3");
  }

  @Test
  void diffDefaultsToHeadAgainstThePreviousRevision() {
    create("payment", V1);
    api.putYaml(units + "/payment/data", V3.replace("cpu: 200m", "cpu: 300m"));

    JsonNode diff = api.get(units + "/payment/diff").json();

    assertThat(diff.path("from").asString()).isEqualTo("1");
    assertThat(diff.path("to").asString()).isEqualTo("2");
    assertThat(diff.path("changes").findValuesAsString("path"))
        .containsExactly(
            "spec.replicas",
            "spec.template.spec.containers.0.resources.limits.cpu",
            "spec.template.spec.containers.0.resources.limits.memory");
    JsonNode memory = diff.path("changes").get(2);
    assertThat(memory.path("resource").asString()).isEqualTo("apps/v1/Deployment//paymentservice");
    assertThat(memory.path("op").asString()).isEqualTo("replace");
    assertThat(memory.path("from").asString()).isEqualTo("128Mi");
    assertThat(memory.path("to").asString()).isEqualTo("256Mi");
    assertThat(diff.path("changes").get(0).path("to").asInt()).isEqualTo(3);
    assertThat(diff.path("unified").asString())
        .startsWith("--- payment@1\n+++ payment@2\n")
        .contains("-  replicas: 1\n+  replicas: 3\n")
        .contains("-              cpu: 200m\n-              memory: 128Mi\n+              cpu: 300m\n+              memory: 256Mi\n");
  }

  @Test
  void diffBetweenNamedRevisionsAndOfTheFirstRevision() {
    create("payment", V1);
    api.putYaml(units + "/payment/data", V2);
    api.putYaml(units + "/payment/data", V3);

    JsonNode backwards = api.get(units + "/payment/diff?from=3&to=1").json();
    assertThat(backwards.path("changes").findValuesAsString("path"))
        .containsExactly("spec.replicas", "spec.template.spec.containers.0.resources.limits.memory");
    assertThat(api.get(units + "/payment/diff?from=2&to=2").json().path("changes")).isEmpty();
    assertThat(api.get(units + "/payment/diff?from=2&to=2").json().path("unified").asString()).isEmpty();

    JsonNode created = api.get(units + "/payment/diff?from=-3&to=1").json();
    assertThat(created.path("from").asString()).isEqualTo("0");
    assertThat(created.path("changes").findValuesAsString("op")).containsExactly("add", "add");
    assertThat(created.path("changes").findValuesAsString("path")).containsExactly("", "");

    assertProblem(api.get(units + "/payment/diff?from=live"), 404, "not-found", "never been applied");
    assertProblem(api.get(units + "/payment/diff?to=x"), 400, "invalid-argument", "to");
  }

  @Test
  void listShowsUnitsInSlugOrderWithDataOnlyWhenAsked() {
    create("cart", V1);
    create("adservice", V2);
    create("payment", V3);

    Api.Response first = api.get(units + "?limit=2");
    assertThat(first.items()).extracting(item -> item.path("slug").asString()).containsExactly("adservice", "cart");
    assertThat(first.items()).allSatisfy(item -> assertThat(item.has("data")).isFalse());
    String cursor = first.json().path("nextCursor").asString();
    Api.Response second = api.get(units + "?limit=2&include=data&cursor=" + cursor);
    assertThat(second.items()).extracting(item -> item.path("slug").asString()).containsExactly("payment");
    assertThat(second.items().get(0).path("data").asString()).isEqualTo(V3);
    assertThat(second.json().path("nextCursor").isNull()).isTrue();

    assertProblem(api.get(units + "?include=everything"), 400, "invalid-argument", "include");
    assertProblem(api.get("/api/v1/spaces/no-such-space/units"), 404, "not-found", "no-such-space");
  }

  @Test
  void identicalContentIsStoredOnce() {
    String data = V1.replace("paymentservice", Api.uniqueSlug("shared"));
    create("one", data);
    create("two", data);
    api.putYaml(units + "/one/data", V2);
    api.patch(units + "/one?restore=1", null);

    Integer blobs =
        jdbc.queryForObject(
            "select count(*) from content_blob where sha256 = ?", Integer.class, ContentHash.sha256Hex(data));
    Integer revisions =
        jdbc.queryForObject(
            "select count(*) from revision where content_sha256 = ?", Integer.class, ContentHash.sha256Hex(data));
    assertThat(blobs).isEqualTo(1);
    assertThat(revisions).isEqualTo(3);
  }

  @Test
  void invalidDataIsRejectedNamingTheProblemAndWritesNothing() {
    assertProblem(api.post(units, Map.of("slug", "bad", "data", "kind: [unclosed")), 400, "invalid-yaml", "line 1");
    assertProblem(api.post(units, Map.of("slug", "bad", "data", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  namespace: x\n")),
        400, "validation-failed", "metadata.name");
    assertProblem(api.post(units, Map.of("slug", "bad", "data", V1 + "---\n- just a list\n")),
        400, "validation-failed", "Document 3");
    assertProblem(api.post(units, Map.of("slug", "bad")), 400, "validation-failed", "data");
    assertProblem(api.post(units, Map.of("slug", "Bad_Slug", "data", V1)), 400, "validation-failed", "slug");
    assertProblem(api.post(units, Map.of("slug", "bad", "data", V1, "driftMode", "Maybe")), 400, "validation-failed", "driftMode");
    assertProblem(api.post(units, Map.of("slug", "bad", "data", V1, "target", "Not A Target")), 400, "validation-failed", "target");
    assertThat(api.get(units + "/bad").status()).isEqualTo(404);

    create("payment", V1);
    assertProblem(api.putYaml(units + "/payment/data", "apiVersion: v1\nkind: Service\nmetadata:\n  name: a\n  name: b\n"),
        400, "invalid-yaml", "duplicate key");
    assertProblem(api.patch(units + "/payment", Map.of("data", "not: [valid")), 400, "invalid-yaml", "Document 1");
    assertProblem(api.patch(units + "/payment", Map.of("slug", "renamed")), 400, "validation-failed", "slug");
    assertProblem(api.patch(units + "/payment", Map.of("labels", Map.of("ok", "yes"), "data", 42)), 400, "validation-failed", "data");
    JsonNode unit = api.get(units + "/payment").json();
    assertThat(unit.path("version").asLong()).isEqualTo(1);
    assertThat(unit.path("labels").properties()).isEmpty();
  }

  @Test
  void duplicateSlugInTheSameSpaceIsAlreadyExists() {
    create("payment", V1);

    assertProblem(api.post(units, Map.of("slug", "payment", "data", V2)), 409, "already-exists", "payment");
    assertThat(api.get(units + "/payment").json().path("data").asString()).isEqualTo(V1);
  }

  @Test
  void dataOverTheSizeLimitIsPayloadTooLarge() {
    create("payment", V1);
    String padding = "#" + "x".repeat(4 * 1024 * 1024) + "\n";

    assertProblem(api.putYaml(units + "/payment/data", padding + V2), 413, "payload-too-large", "limit");
    assertProblem(api.post(units, Map.of("slug", "big", "data", padding + V1)), 413, "payload-too-large", "limit");
    assertThat(api.get(units + "/payment").json().path("headRevisionNum").asInt()).isEqualTo(1);
  }

  @Test
  void aRequestBodyFarOverTheLimitIsRefusedBeforeItIsRead() {
    create("payment", V1);
    String huge = "#" + "x".repeat(10 * 1024 * 1024) + "\n" + V2;

    assertProblem(api.putYaml(units + "/payment/data", huge), 413, "payload-too-large", "at most");
    assertThat(api.get(units + "/payment").json().path("headRevisionNum").asInt()).isEqualTo(1);
  }

  @Test
  void emptyDataIsAUnitWithoutObjects() {
    Api.Response created = create("empty", "");

    assertThat(created.json().path("data").asString()).isEmpty();
    assertThat(api.get(units + "/empty/revisions/1").json().path("mutations")).isEmpty();
  }

  @Test
  void deleteRemovesTheUnitAndItsRevisions() {
    create("payment", V1);
    api.putYaml(units + "/payment/data", V2);

    assertThat(api.delete(units + "/payment", "If-Match", "\"2\"").status()).isEqualTo(204);

    assertProblem(api.get(units + "/payment"), 404, "not-found", "payment");
    assertProblem(api.get(units + "/payment/revisions"), 404, "not-found", "payment");
    assertProblem(api.delete(units + "/payment"), 404, "not-found", "payment");
    assertThat(api.get("/api/v1/spaces/" + space).json().path("unitCount").asInt()).isZero();
  }

  @Test
  void unknownUnitsAndRoutesAreNotFound() {
    assertProblem(api.get(units + "/ghost"), 404, "not-found", "ghost");
    assertProblem(api.get(units + "/ghost/diff"), 404, "not-found", "ghost");
    assertProblem(api.putYaml(units + "/ghost/data", V1), 404, "not-found", "ghost");
    assertProblem(api.patch(units + "/ghost?restore=1", null), 404, "not-found", "ghost");
    assertProblem(api.get("/api/v1/spaces/no-such-space/units/ghost"), 404, "not-found", "no-such-space");
    assertProblem(api.get("/api/v1/nothing-here"), 404, "not-found", "nothing-here");
  }

  @Test
  void httpMistakesGetProblemsToo() {
    create("payment", V1);

    assertProblem(api.send("POST", units + "/payment", "application/json", "{}"), 405, "method-not-allowed", "POST");
    assertProblem(api.send("PUT", units + "/payment/data", "application/xml", "<a/>"), 415, "unsupported-media-type", "xml");
    assertProblem(api.send("POST", units, "application/json", "{\"slug\": \"x\", "), 400, "validation-failed", "JSON");
    assertProblem(api.send("POST", units, "application/json", "{\"slug\": 5, \"data\": []}"), 400, "validation-failed", "type");
    assertProblem(api.get(units + "/payment/revisions?limit=-1"), 400, "invalid-argument", "limit");
  }
}
