package io.tandem.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.TandemIT;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/** With watches on (a context of its own), an out-of-band change is noticed without any refresh being asked for. */
@TandemIT
@TestPropertySource(properties = {"tandem.live.watch-enabled=true", "tandem.data-dir=target/it-data-watch"})
class WatchIT {

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;

  @Test
  void anOutOfBandChangeIsNoticedWithinSeconds() throws Exception {
    Api api = new Api(port);
    String space = Api.uniqueSlug("watched");
    api.post("/api/v1/spaces", Map.of("slug", space, "driftMode", "Capture"));
    String unit = "/api/v1/spaces/" + space + "/units/paymentservice";
    String data = Fixtures.paymentService().replace("  name: paymentservice\n", "  name: paymentservice\n  namespace: " + space + "\n");
    api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "paymentservice", "data", data, "target", "sandbox"));
    assertThat(api.post(unit + "/apply?wait=30", null).json().path("result").asString()).isEqualTo("ApplyCompleted");
    Thread.sleep(500); // let the apply's own events pass

    try (KubernetesClient kubectl = sandbox.client()) {
      kubectl.apps().deployments().inNamespace(space).withName("paymentservice").edit(deployment -> {
        deployment.getSpec().getTemplate().getSpec().getContainers().get(0).getResources().getLimits().put("memory", new Quantity("700Mi"));
        return deployment;
      });
    }

    Instant deadline = Instant.now().plus(Duration.ofSeconds(10));
    while (api.get(unit).json().path("headRevisionNum").asInt() < 2) {
      assertThat(Instant.now()).as("the change captured within 10 s").isBefore(deadline);
      Thread.sleep(100);
    }
    assertThat(api.get(unit + "/data").body()).contains("memory: 700Mi");
  }
}
