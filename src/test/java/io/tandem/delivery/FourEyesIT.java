package io.tandem.delivery;

import static io.tandem.support.ProblemAssert.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.TandemIT;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Four-eyes approval: in a space that says {@code fourEyes}, the author of a revision cannot approve it, and an
 * approval the author gave before the setting was turned on does not count. The author here is the anonymous caller
 * of the tests; the reviewer calls with a token of their own.
 */
@TandemIT
class FourEyesIT {

  @LocalServerPort int port;
  Api api;
  String spacePath;
  String unit;
  String[] reviewer;

  @BeforeEach
  void setUp() {
    api = new Api(port);
    String space = Api.uniqueSlug("foureyes");
    spacePath = "/api/v1/spaces/" + space;
    assertThat(api.post("/api/v1/spaces", Map.of("slug", space, "requiredApprovals", 1)).status()).isEqualTo(201);
    String data = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: " + space + "\ndata:\n  mode: fast\n";
    assertThat(api.post(spacePath + "/units", Map.of("slug", "settings", "data", data, "target", "sandbox")).status())
        .isEqualTo(201);
    unit = spacePath + "/units/settings";
    Api.Response issued = api.post("/api/v1/tokens", Map.of("subject", "reviewer-" + space, "orgAdmin", true));
    assertThat(issued.status()).as(issued.toString()).isEqualTo(201);
    reviewer = new String[] {"Authorization", "Bearer " + issued.json().path("secret").asString()};
  }

  @Test
  void aSelfApprovalIsRefusedUnderFourEyesAndAnotherPersonsApprovalCounts() {
    assertThat(api.patch(spacePath, Map.of("fourEyes", true)).json().path("fourEyes").asBoolean()).isTrue();

    assertProblem(api.post(unit + "/approve", null), 403, "self-approval",
        "Revision 1 of unit 'settings' was written by anonymous");

    assertThat(api.get(unit).json().path("approvedBy").size()).as("nothing recorded").isZero();
    assertProblem(api.post(unit + "/apply?wait=30", null), 409, "apply-gated", "0 of the 1 approvals");
    Api.Response approved = api.post(unit + "/approve", null, reviewer);
    assertThat(approved.status()).as(approved.toString()).isEqualTo(200);
    assertThat(approved.json().path("approvedBy").toString()).contains("reviewer-");
    assertThat(api.post(unit + "/apply?wait=30", null).json().path("result").asString()).isEqualTo("ApplyCompleted");
  }

  @Test
  void anApprovalByTheAuthorFromBeforeFourEyesNoLongerCounts() {
    assertThat(api.post(unit + "/approve", null).status()).isEqualTo(200);

    api.patch(spacePath, Map.of("fourEyes", true));

    assertProblem(api.post(unit + "/apply?wait=30", null), 409, "apply-gated",
        "0 of the 1 approvals it needs (approved by anonymous; its author's approval does not count under four-eyes)");
    api.patch(spacePath, Map.of("fourEyes", false));
    assertThat(api.post(unit + "/apply?wait=30", null).json().path("result").asString()).isEqualTo("ApplyCompleted");
  }

  @Test
  void withoutFourEyesTheAuthorMayApprove() {
    assertThat(api.get(spacePath).json().path("fourEyes").asBoolean()).isFalse();

    assertThat(api.post(unit + "/approve", null).json().path("approvedBy").get(0).asString()).isEqualTo("anonymous");
    assertThat(api.patch(spacePath, Map.of("fourEyes", "yes")).status()).isEqualTo(400);
  }
}
