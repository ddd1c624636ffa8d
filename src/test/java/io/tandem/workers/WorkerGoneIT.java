package io.tandem.workers;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.Eventually;
import io.tandem.support.Grants;
import io.tandem.support.TandemIT;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

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
    Api api = new Api(port);
    String worker = Api.uniqueSlug("gone");
    String space = Api.uniqueSlug("gone");
    String credential = api.post("/api/v1/workers", Map.of("name", worker)).json().path("credential").asString();
    String[] auth = {"Authorization", "Bearer " + credential};
    String calls = "/api/v1/workers/" + worker + "/calls?protocol=1&boot=only";
    api.get(calls, auth);
    api.post("/api/v1/targets", Map.of("slug", worker, "connection", Map.of("worker", worker)));
    Grants.everySpace(api, worker);
    api.post("/api/v1/spaces", Map.of("slug", space));
    String unit = "/api/v1/spaces/" + space + "/units/settings";
    api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "settings", "target", worker,
        "data", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  mode: blue\n"));
    String action = api.post(unit + "/apply", null).json().path("id").asString();
    assertThat(api.withTimeout(Duration.ofSeconds(10)).get(calls + "&wait=5", auth).json().path("items").size())
        .as("the worker fetched the apply").isEqualTo(1);

    // and asks for nothing more
    Eventually.eventually(Duration.ofSeconds(30), () -> api.get("/api/v1/actions/" + action).json().path("status")
        .asString().equals("Failed"), "the apply failed");

    assertThat(api.get("/api/v1/actions/" + action).json().path("message").asString())
        .contains("was not applied", "did not answer", "whether the call took effect is unknown");
    assertThat(api.get("/api/v1/workers/" + worker).json().path("connected").asBoolean()).isFalse();
  }
}
