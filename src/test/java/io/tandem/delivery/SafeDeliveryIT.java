package io.tandem.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.ProblemAssert;
import io.tandem.support.TandemIT;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** Triggers gate apply, approvals are counted per revision, and tags and change sets move several units together. */
@TandemIT
class SafeDeliveryIT {

  @LocalServerPort int port;
  Api api;
  String space;
  String spacePath;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = Api.uniqueSlug("delivery");
    spacePath = "/api/v1/spaces/" + space;
    api.post("/api/v1/spaces", Map.of("slug", space));
  }

  String data(String name, String replicas) {
    return Fixtures.paymentService()
        .replace("name: paymentservice\n", "name: " + name + "\n  namespace: " + space + "\n")
        .replace("replicas: 1", "replicas: " + replicas);
  }

  String unit(String slug, String replicas) {
    Api.Response created = api.post(spacePath + "/units", Map.of("slug", slug, "data", data(slug, replicas), "target", "sandbox"));
    assertThat(created.status()).as(created.body()).isEqualTo(201);
    return spacePath + "/units/" + slug;
  }

  void trigger(String slug, String function, String... args) {
    Api.Response created = api.post(spacePath + "/triggers", Map.of("slug", slug, "function", function, "args", List.of(args)));
    assertThat(created.status()).as(created.body()).isEqualTo(201);
  }

  Api.Response apply(String unit) {
    return api.post(unit + "/apply?wait=30", null);
  }

  void applied(String unit) {
    Api.Response response = apply(unit);
    assertThat(response.status()).as(response.body()).isEqualTo(200);
    assertThat(response.json().path("result").asString()).isEqualTo("ApplyCompleted");
  }

  @Test
  void aPlaceholderBlocksApplyUntilItIsFilledIn() {
    trigger("complete", "vet-placeholders");
    String unit = unit("payments", "1");
    api.patch(unit, Map.of("data", data("payments", "1").replace("paymentservice:v0.10.2", "confighubplaceholder")));

    JsonNode gates = api.get(unit).json().path("applyGates");
    assertThat(gates.size()).isEqualTo(1);
    assertThat(gates.get(0).path("trigger").asString()).isEqualTo("complete");
    assertThat(gates.get(0).path("function").asString()).isEqualTo("vet-placeholders");
    assertThat(gates.get(0).path("findings").get(0).path("path").asString()).isEqualTo("spec.template.spec.containers.0.image");
    Api.Response refused = apply(unit);
    ProblemAssert.assertProblem(refused, 409, "apply-gated", "confighubplaceholder");
    assertThat(refused.json().path("reasons").get(0).asString()).contains("trigger 'complete' (vet-placeholders)");
    assertThat(api.get(unit).json().path("liveRevisionNum").asInt()).isZero();

    api.patch(unit, Map.of("data", data("payments", "1")));

    assertThat(api.get(unit).json().path("applyGates").size()).isZero();
    applied(unit);
    // the gated revision stays gated: it may not be applied, even now
    ProblemAssert.assertProblem(api.post(unit + "/apply?revision=2", null), 409, "apply-gated", "Revision 2");
  }

  @Test
  void aSchemaErrorBlocksApplyAndWhereFindsGatedUnits() {
    String broken = unit("broken", "\"two\"");
    String fine = unit("fine", "2");

    trigger("valid", "vet-schemas"); // checks the existing heads at once

    assertThat(api.get(broken).json().path("applyGates").get(0).path("findings").get(0).path("message").asString())
        .contains("expected an integer");
    ProblemAssert.assertProblem(apply(broken), 409, "apply-gated", "spec.replicas");
    JsonNode gated = api.get(spacePath + "/units?where=ApplyGated%20%3D%20true").json().path("items");
    assertThat(gated.size()).isEqualTo(1);
    assertThat(gated.get(0).path("slug").asString()).isEqualTo("broken");
    applied(fine);

    // a disabled trigger gates nothing
    api.patch(spacePath + "/triggers/valid", Map.of("disabled", true));
    assertThat(api.get(broken).json().path("applyGates").size()).isZero();
  }

  @Test
  void aCelTriggerWithArgumentsGatesWhatFailsIt() {
    trigger("ha", "vet-celexpr", "r.kind != 'Deployment' || r.spec.replicas >= 2");
    String single = unit("single", "1");
    String pair = unit("pair", "2");

    ProblemAssert.assertProblem(apply(single), 409, "apply-gated", "trigger 'ha' (vet-celexpr)");
    applied(pair);
  }

  @Test
  void triggersRunOnlyValidatingFunctionsWithValidArguments() {
    ProblemAssert.assertProblem(api.post(spacePath + "/triggers", Map.of("slug", "bad", "function", "set-replicas", "args", List.of("2"))),
        400, "invalid-argument", "validating");
    ProblemAssert.assertProblem(api.post(spacePath + "/triggers", Map.of("slug", "bad", "function", "vet-nothing")),
        400, "unknown-function", "vet-nothing");
    ProblemAssert.assertProblem(api.post(spacePath + "/triggers", Map.of("slug", "bad", "function", "vet-celexpr", "args", List.of("r.spec.(("))),
        400, "invalid-argument", "");
    assertThat(api.get(spacePath + "/triggers").json().path("items").size()).isZero();

    trigger("complete", "vet-placeholders");
    ProblemAssert.assertProblem(api.post(spacePath + "/triggers", Map.of("slug", "complete", "function", "vet-schemas")),
        409, "already-exists", "complete");
    assertThat(api.delete(spacePath + "/triggers/complete").status()).isEqualTo(204);
    ProblemAssert.assertProblem(api.get(spacePath + "/triggers/complete"), 404, "not-found", "complete");
  }

  @Test
  void approvalsAreRequiredCountedPerRevisionAndResetByANewRevision() {
    assertThat(api.patch(spacePath, Map.of("requiredApprovals", 1)).json().path("requiredApprovals").asInt()).isEqualTo(1);
    String unit = unit("reviewed", "2");

    ProblemAssert.assertProblem(apply(unit), 409, "apply-gated", "0 of the 1 approvals");

    JsonNode approval = api.post(unit + "/approve", null).json();
    assertThat(approval.path("revisionNum").asInt()).isEqualTo(1);
    assertThat(approval.path("approvedBy").size()).isEqualTo(1);
    // the same person approving again still counts once
    assertThat(api.post(unit + "/approve", null).json().path("approvedBy").size()).isEqualTo(1);
    assertThat(api.get(unit).json().path("approvedBy").get(0).asString()).isEqualTo("anonymous");
    assertThat(api.get(spacePath + "/units?where=ApprovalCount%20%3E%3D%201").json().path("items").size()).isEqualTo(1);
    applied(unit);

    api.patch(unit, Map.of("data", data("reviewed", "3")));

    assertThat(api.get(unit).json().path("approvedBy").size()).isZero();
    ProblemAssert.assertProblem(apply(unit), 409, "apply-gated", "revision 2 has 0 of the 1 approvals");
    api.patch(spacePath, Map.of("requiredApprovals", 2));
    api.post(unit + "/approve?revision=2", null);
    ProblemAssert.assertProblem(apply(unit), 409, "apply-gated", "1 of the 2 approvals");
    ProblemAssert.assertProblem(api.patch(spacePath, Map.of("requiredApprovals", -1)), 400, "validation-failed", "requiredApprovals");
  }

  @Test
  void aTagRestoresAndAppliesSeveralUnits() {
    String frontend = unit("frontend", "2");
    String checkout = unit("checkout", "2");
    Api.Response tagged = api.post(spacePath + "/tags", Map.of("slug", "release-1", "description", "Two replicas each"));
    assertThat(tagged.status()).as(tagged.body()).isEqualTo(201);
    assertThat(tagged.json().path("revisions").size()).isEqualTo(2);
    api.patch(frontend, Map.of("data", data("frontend", "5")));
    api.patch(checkout, Map.of("data", data("checkout", "5")));

    assertThat(api.get(frontend + "/data?revision=tag:release-1").body()).contains("replicas: 2");
    Api.Response restored = api.post(spacePath + "/tags/release-1/restore", null);
    assertThat(restored.status()).as(restored.body()).isEqualTo(200);

    for (String unit : List.of(frontend, checkout)) {
      JsonNode head = api.get(unit + "/revisions/head").json();
      assertThat(head.path("num").asInt()).isEqualTo(3);
      assertThat(head.path("source").asString()).isEqualTo("Restore");
      assertThat(head.path("restoredFrom").asInt()).isEqualTo(1);
    }
    Api.Response appliedTag = api.post(spacePath + "/tags/release-1/apply", null);
    assertThat(appliedTag.status()).as(appliedTag.body()).isEqualTo(200);
    assertThat(appliedTag.json().path("results").get(0).path("action").path("revisionNum").asInt()).isEqualTo(1);
    ProblemAssert.assertProblem(api.get(frontend + "/data?revision=tag:nope"), 404, "not-found", "nope");
    ProblemAssert.assertProblem(api.post(spacePath + "/tags", Map.of("slug", "release-1")), 409, "already-exists", "release-1");
  }

  @Test
  void aChangeSetRecordsItsRevisionsAndAppliesThemTogether() {
    String frontend = unit("frontend", "2");
    String checkout = unit("checkout", "2");
    unit("other", "2");
    Api.Response opened = api.post(spacePath + "/change-sets",
        Map.of("slug", "scale-up", "description", "Five replicas for the sale", "units", List.of("frontend", "checkout")));
    assertThat(opened.status()).as(opened.body()).isEqualTo(201);
    assertThat(api.get(frontend).json().path("changeSet").asString()).isEqualTo("scale-up");

    api.patch(frontend, Map.of("data", data("frontend", "5")));
    api.patch(checkout, Map.of("data", data("checkout", "5")));
    api.patch(checkout, Map.of("data", data("checkout", "6")));

    JsonNode revisions = api.get(spacePath + "/change-sets/scale-up/revisions").json().path("items");
    assertThat(revisions.size()).isEqualTo(3);
    assertThat(api.get(spacePath + "/units?where=ChangeSet%20%3D%20'scale-up'").json().path("items").size()).isEqualTo(2);
    ProblemAssert.assertProblem(api.post(spacePath + "/change-sets", Map.of("slug", "another", "units", List.of("frontend"))),
        409, "conflict", "frontend");

    Api.Response appliedSet = api.post(spacePath + "/change-sets/scale-up/apply", null);
    assertThat(appliedSet.status()).as(appliedSet.body()).isEqualTo(200);
    JsonNode results = appliedSet.json().path("results");
    assertThat(results.size()).isEqualTo(2);
    assertThat(results.findValues("revisionNum")).extracting(JsonNode::asInt).containsExactlyInAnyOrder(2, 3);

    JsonNode closed = api.post(spacePath + "/change-sets/scale-up/close", null).json();
    assertThat(closed.path("units").size()).isZero();
    api.patch(frontend, Map.of("data", data("frontend", "7")));
    assertThat(api.get(spacePath + "/change-sets/scale-up/revisions").json().path("items").size()).isEqualTo(3);
    ProblemAssert.assertProblem(api.delete(spacePath + "/change-sets/scale-up"), 409, "conflict", "close");
  }
}
