package io.tandem.workers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.support.Api;
import io.tandem.support.TandemIT;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * A worker that fetched a call and then stopped asking for work (killed, or cut off) will not answer: what waits for
 * it gives up once the worker is no longer connected, not at the apply timeout.
 */
@TandemIT
@TestPropertySource(properties = {
    "tandem.data-dir=target/it-data-worker-gone",
    "tandem.workers.connected-within=3s",
    "tandem.workers.apply-timeout=5m"})
class WorkerGoneIT {

  @LocalServerPort int port;

  @Test
  void anApplyWhoseWorkerStoppedAskingForWorkFailsOnceItIsNotConnected() {
    Api api = new Api(port).withTimeout(Duration.ofSeconds(10));
    HandWorker worker = new HandWorker(api, Api.uniqueSlug("gone"));
    worker.poll("only", 0);
    String unit = worker.unitOnItsTarget(Api.uniqueSlug("gone"));
    String action = api.post(unit + "/apply", null).json().path("id").asString();
    assertThat(worker.poll("only", 5).size()).as("the worker fetched the apply").isEqualTo(1);

    // and asks for nothing more
    JsonNode failed = await("the apply failed").atMost(Duration.ofSeconds(30))
        .until(() -> api.get("/api/v1/actions/" + action).json(),
            view -> view.path("status").asString().equals("Failed"));

    assertThat(failed.path("message").asString())
        .contains("was not applied", "did not answer", "whether the call took effect is unknown");
    assertThat(api.get("/api/v1/workers/" + worker.name).json().path("connected").asBoolean()).isFalse();
  }
}
