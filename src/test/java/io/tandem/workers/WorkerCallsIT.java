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
import tools.jackson.databind.JsonNode;

/**
 * The worker protocol as a worker speaks it, by hand: a worker that restarts while it runs a call lost it, and the
 * action that waits for it fails as soon as the new start asks for work, not at its timeout.
 */
@TandemIT
class WorkerCallsIT {

  @LocalServerPort int port;

  @Test
  void aCallSentToAWorkerThatRestartedFailsItsActionAtTheNewStartsFirstPoll() {
    Api api = new Api(port);
    String worker = Api.uniqueSlug("w");
    String space = Api.uniqueSlug("restart");
    String credential = api.post("/api/v1/workers", Map.of("name", worker)).json().path("credential").asString();
    String[] auth = {"Authorization", "Bearer " + credential};
    String calls = "/api/v1/workers/" + worker + "/calls?protocol=1&version=test";
    assertThat(api.get(calls + "&boot=first", auth).status()).as("connected").isEqualTo(200);
    assertThat(api.post("/api/v1/targets", Map.of("slug", worker, "connection", Map.of("worker", worker))).status())
        .isEqualTo(201);
    Grants.everySpace(api, worker);
    api.post("/api/v1/spaces", Map.of("slug", space));
    String unit = "/api/v1/spaces/" + space + "/units/settings";
    api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "settings", "target", worker,
        "data", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  mode: blue\n"));
    String action = api.post(unit + "/apply", null).json().path("id").asString();

    JsonNode sent = api.withTimeout(Duration.ofSeconds(30)).get(calls + "&boot=first&wait=20", auth).json().path("items");
    assertThat(sent.size()).isEqualTo(1);
    assertThat(sent.get(0).path("operation").asString()).isEqualTo("APPLY");
    assertThat(sent.get(0).path("request").asString()).contains("mode: blue");

    assertThat(api.get(calls + "&boot=second", auth).status()).isEqualTo(200);

    Eventually.eventually(Duration.ofSeconds(10), () -> api.get("/api/v1/actions/" + action).json().path("status")
        .asString().equals("Failed"), "the apply failed");
    assertThat(api.get("/api/v1/actions/" + action).json().path("message").asString())
        .contains("was not applied", "worker '" + worker + "' restarted while it ran the call");
  }

  @Test
  void anAnswerThatIsNoResponseIsRefusedAndOneForNoWaitingCallIsNotFound() {
    Api api = new Api(port);
    String worker = Api.uniqueSlug("w");
    String credential = api.post("/api/v1/workers", Map.of("name", worker)).json().path("credential").asString();
    String call = "/api/v1/workers/" + worker + "/calls/00000000-0000-0000-0000-000000000000";

    assertThat(api.send("PUT", call, "application/json", "[1, 2]", "Authorization", "Bearer " + credential).code())
        .isEqualTo("validation-failed");
    assertThat(api.send("PUT", call, "application/json", "{\"result\": []}", "Authorization", "Bearer " + credential)
        .code()).isEqualTo("not-found");
  }
}
