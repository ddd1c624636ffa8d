package io.tandem.apply;

import static io.tandem.support.ProblemAssert.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.TandemIT;
import java.util.Collections;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@link DestroyGateScenarios} on the mock, and what needs no real cluster: the delete gates, the space's switch, and
 * units with nothing on a cluster.
 */
@TandemIT
class DestroyGateIT extends DestroyGateScenarios {

  @Test
  void aDeleteOfALiveUnitNeedsForceAndConfirmationAndLeavesTheObjects() {
    String unit = applied("payment");

    assertProblem(api.delete(unit), 409, "conflict", "force=true (and confirm=payment)");
    Api.Response refused = api.delete(unit + "?force=true");
    assertProblem(refused, 409, "confirmation-required", "leaves 2 object(s) unmanaged on target '" + first + "'");
    assertThat(refused.json().path("objects").toString()).contains("Service " + first + "/paymentservice");
    assertProblem(api.delete(unit + "?force=true&confirm=Payment"), 409, "confirmation-required", "confirm was 'Payment'");
    assertThat(api.get(unit).status()).isEqualTo(200);

    assertThat(api.delete(unit + "?force=true&confirm=payment").status()).isEqualTo(204);

    assertThat(api.get(unit).status()).isEqualTo(404);
    assertThat(onTheCluster(first)).as("a delete leaves the objects").isTrue();
  }

  @Test
  void aSpaceWithoutTheGateDestroysAndDeletesWithoutConfirmation() {
    String unit = applied("payment");
    assertThat(api.get("/api/v1/spaces/" + space).json().path("destroyGate").asBoolean()).isTrue();

    JsonNode patched = api.patch("/api/v1/spaces/" + space, Map.of("destroyGate", false)).json();

    assertThat(patched.path("destroyGate").asBoolean()).as(patched.toString()).isFalse();
    assertThat(finished(unit + "/destroy").path("result").asString()).isEqualTo("DestroyCompleted");
    assertThat(onTheCluster(first)).isFalse();
    applied("second");
    assertThat(api.delete(units + "/second?force=true").status()).isEqualTo(204);
    assertThat(api.patch("/api/v1/spaces/" + space, Map.of("destroyGate", "no")).status()).isEqualTo(400);
    assertThat(api.patch("/api/v1/spaces/" + space, Collections.singletonMap("destroyGate", null)).json()
        .path("destroyGate").asBoolean()).as("null: back to the default").isTrue();
  }

  @Test
  void aBulkConfirmationOfTheWrongTypeIsABadRequest() {
    applied("payment");
    String actions = "/api/v1/spaces/" + space + "/actions";

    assertProblem(api.post(actions, Map.of("action", "destroy", "confirm", "yes", "count", 1)), 400, "validation-failed", "confirm");
    assertProblem(api.post(actions, Map.of("action", "destroy", "confirm", true, "count", "1")), 400, "validation-failed", "count");

    assertThat(actions(units + "/payment")).containsExactly("Apply");
  }

  @Test
  void aUnitWithNothingOnAClusterIsDestroyedDeletedAndRetargetedWithoutConfirmation() {
    assertThat(api.post(units, Map.of("slug", "idle", "data", "", "target", first)).status()).isEqualTo(201);

    assertThat(finished(units + "/idle/destroy").path("result").asString()).isEqualTo("DestroyCompleted");
    assertThat(api.patch(units + "/idle", Map.of("target", second)).status()).isEqualTo(200);
    assertThat(api.delete(units + "/idle").status()).isEqualTo(204);
  }

  @Test
  void aRecursiveDeleteOfASpaceWithALiveUnitNeedsTheSpacesSlug() {
    applied("payment");

    Api.Response refused = api.delete("/api/v1/spaces/" + space + "?recursive=true");

    assertProblem(refused, 409, "confirmation-required", "confirm=" + space);
    assertThat(refused.json().path("units").toString()).contains("payment");
    assertThat(api.get("/api/v1/spaces/" + space).status()).isEqualTo(200);
    assertThat(api.delete("/api/v1/spaces/" + space + "?recursive=true&confirm=" + space).status()).isEqualTo(204);
    assertThat(onTheCluster(first)).isTrue();
  }

  @Test
  void aMoveToATargetThatDoesNotExistIsABadRequestAndQueuesNothing() {
    String unit = applied("payment");

    assertProblem(api.patch(unit + "?moveObjects=true&confirm=payment", Map.of("target", "nowhere-" + space)), 400, "validation-failed",
        "does not exist");

    assertThat(actions(unit)).containsExactly("Apply");
    assertThat(api.get(unit).json().path("target").asString()).isEqualTo(first);
  }

  @Test
  void aMoveOntoObjectsAnotherUnitAppliedIsRefusedBeforeAnythingIsDeleted() {
    String unit = applied("payment");
    assertThat(api.post(units, Map.of("slug", "squatter", "data", Fixtures.paymentService(), "target", second))
        .status()).isEqualTo(201);
    finished(units + "/squatter/apply");

    assertProblem(api.patch(unit + "?moveObjects=true&confirm=payment", Map.of("target", second)), 409, "object-owned-by-another-unit",
        "squatter");

    assertThat(actions(unit)).containsExactly("Apply");
    assertThat(onTheCluster(first)).isTrue();
  }
}
