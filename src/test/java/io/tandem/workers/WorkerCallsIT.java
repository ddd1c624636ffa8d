package io.tandem.workers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.support.Api;
import io.tandem.support.TandemIT;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The worker protocol as a worker speaks it, by hand: a worker that restarts while it runs a call lost it, and the
 * action that waits for it fails as soon as the new start asks for work, not at its timeout; a call the worker does
 * not hold when it polls again was lost on the way, and is sent again.
 */
@TandemIT
class WorkerCallsIT {

  @LocalServerPort int port;

  @Test
  void aCallSentToAWorkerThatRestartedFailsItsActionAtTheNewStartsFirstPoll() {
    Api api = new Api(port).withTimeout(Duration.ofSeconds(30));
    HandWorker worker = new HandWorker(api, Api.uniqueSlug("w"));
    worker.poll("first", 0); // connected
    String unit = worker.unitOnItsTarget(Api.uniqueSlug("restart"));
    String action = api.post(unit + "/apply", null).json().path("id").asString();

    JsonNode sent = worker.poll("first", 20);
    assertThat(sent.size()).isEqualTo(1);
    assertThat(sent.get(0).path("operation").asString()).isEqualTo("APPLY");
    assertThat(sent.get(0).path("request").asString()).contains("mode: blue");

    worker.poll("second", 0);

    JsonNode failed = await("the apply failed").atMost(Duration.ofSeconds(10))
        .until(() -> api.get("/api/v1/actions/" + action).json(),
            view -> view.path("status").asString().equals("Failed"));
    assertThat(failed.path("message").asString())
        .contains("was not applied", "worker '" + worker.name + "' restarted while it ran the call");
  }

  @Test
  void aLongPollOfAnEarlierStartTakesNoCallAndTheWorkerShowsItsTargetAndQueue() {
    Api api = new Api(port).withTimeout(Duration.ofSeconds(30));
    HandWorker worker = new HandWorker(api, Api.uniqueSlug("w"));
    worker.poll("first", 0);
    String unit = worker.unitOnItsTarget(Api.uniqueSlug("zombie"));
    String seen = api.get("/api/v1/workers/" + worker.name).json().path("lastSeenAt").asString();
    // the first start's long poll is open when the worker is killed and starts again
    CompletableFuture<JsonNode> zombie = CompletableFuture.supplyAsync(() -> worker.poll("first", 3));
    await("the first start's long poll is open").atMost(Duration.ofSeconds(10))
        .until(() -> !api.get("/api/v1/workers/" + worker.name).json().path("lastSeenAt").asString().equals(seen));
    worker.poll("second", 0);
    api.post(unit + "/apply", null);

    assertThat(zombie.join().size()).as("what the first start's long poll took").isZero();
    JsonNode queued = api.get("/api/v1/workers/" + worker.name).json();
    assertThat(queued.path("targets").toString()).isEqualTo("[\"" + worker.name + "\"]");
    assertThat(queued.path("pendingCalls").asInt()).isEqualTo(1);
    assertThat(worker.poll("second", 5).size()).isEqualTo(1);
    JsonNode running = api.get("/api/v1/workers/" + worker.name).json();
    assertThat(running.path("pendingCalls").asInt()).isZero();
    assertThat(running.path("runningCalls").asInt()).isEqualTo(1);
  }

  @Test
  void aCallTheWorkerDoesNotHoldAtItsNextPollWasLostOnTheWayAndIsSentAgainOnce() {
    Api api = new Api(port).withTimeout(Duration.ofSeconds(30));
    HandWorker worker = new HandWorker(api, Api.uniqueSlug("w"));
    worker.poll("only", 0, "");
    String unit = worker.unitOnItsTarget(Api.uniqueSlug("lost"));
    String action = api.post(unit + "/apply", null).json().path("id").asString();
    String call = worker.poll("only", 20, "").get(0).path("id").asString();

    assertThat(worker.poll("only", 0, call).size()).as("a poll that holds the call").isZero();
    assertThat(worker.poll("only", 0).size()).as("a poll that does not say what it holds").isZero();
    // the answer to the poll that sent it never reached the worker: its next poll does not hold it
    JsonNode again = worker.poll("only", 0, "");
    assertThat(again.size()).isEqualTo(1);
    assertThat(again.get(0).path("id").asString()).isEqualTo(call);
    assertThat(worker.poll("only", 0, call).size()).as("sent again once").isZero();

    assertThat(worker.answer(call, "{\"failure\": {\"code\": \"validation-failed\", \"message\": \"refused in the test\","
        + " \"notConnected\": false}}").status()).isEqualTo(204);
    JsonNode failed = await("the apply ends with the worker's answer").atMost(Duration.ofSeconds(10))
        .until(() -> api.get("/api/v1/actions/" + action).json(),
            view -> view.path("status").asString().equals("Failed"));
    assertThat(failed.path("message").asString()).contains("refused in the test");
  }

  @Test
  void anAnswerThatIsNoResponseIsRefusedAndOneForNoWaitingCallIsNotFound() {
    HandWorker worker = new HandWorker(new Api(port), Api.uniqueSlug("w"));
    String none = "00000000-0000-0000-0000-000000000000";

    assertThat(worker.answer(none, "[1, 2]").code()).isEqualTo("validation-failed");
    assertThat(worker.answer(none, "{\"result\": []}").code()).isEqualTo("not-found");
  }
}
