package io.tandem.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.OutOfBand;
import io.tandem.support.RealCluster;
import io.tandem.support.TandemIT;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * A restarted API server has forgotten the resource versions its clients watch from (410 Gone): Tandem's watches list
 * again and go on, so a change made while they were away is captured, once, and so are later ones.
 */
@TandemIT
@RealCluster
class WatchesAcrossAnApiServerRestartIT {

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;

  @Test
  void aChangeMadeAsTheApiServerComesBackIsCapturedOnceAndTheWatchGoesOn() throws InterruptedException {
    Api api = new Api(port);
    String space = Api.uniqueSlug("restarted");
    String unit = "/api/v1/spaces/" + space + "/units/paymentservice";
    api.post("/api/v1/spaces", Map.of("slug", space, "driftMode", "Capture"));
    try (OutOfBand kubectl = OutOfBand.asKubectlEdit(sandbox)) {
      kubectl.namespace(space);
      String data = Fixtures.paymentService().replace("  name: paymentservice\n", "  name: paymentservice\n  namespace: " + space + "\n");
      api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "paymentservice", "data", data, "target", "sandbox"));
      assertThat(api.post(unit + "/apply?wait=60", null).json().path("result").asString()).isEqualTo("ApplyCompleted");

      // a write the unit's watches do not see, so that the compaction passes the version they would resume from
      kubectl.client().configMaps().inNamespace(space).resource(new ConfigMapBuilder().withNewMetadata().withName("elsewhere")
          .endMetadata().build()).create();
      sandbox.restartApiServer();
      kubectl.setMemoryLimit(space, "paymentservice", "300Mi"); // before the watches are back

      await("the change made during the reconnect captured").atMost(Duration.ofSeconds(30))
          .until(() -> head(api, unit) == 2);
      assertThat(api.get(unit + "/data").body()).contains("memory: 300Mi");
      assertThat(api.get(unit + "/revisions/2").json().path("mutations").get(0).path("by").asString()).isEqualTo("refresh: kubectl-edit");

      kubectl.setMemoryLimit(space, "paymentservice", "400Mi");

      await("a later change captured by the resumed watch").atMost(Duration.ofSeconds(30))
          .until(() -> head(api, unit) == 3);
      Thread.sleep(3_000); // whatever else the relist or the events queued has run by now
      assertThat(head(api, unit)).as("nothing captured twice").isEqualTo(3);
      assertThat(api.get(unit + "/data").body()).contains("memory: 400Mi");
    }
  }

  private static int head(Api api, String unit) {
    return api.get(unit).json().path("headRevisionNum").asInt();
  }
}
