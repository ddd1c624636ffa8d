package io.tandem.apply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.Grants;
import io.tandem.support.TandemIT;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * A target whose API server answers every request after {@link #ANSWER_AFTER} holds at most {@code
 * tandem.worker.per-target} (2) of the server's worker threads (4): the applies to other targets, queued after its
 * own, run meanwhile. With watches on (the context of {@code WatchIT}), so that the slow target's applies also start
 * its watches, whose first list waits as long: that holds up no apply to another target either.
 */
@TandemIT
@TestPropertySource(properties = {"tandem.live.watch-enabled=true", "tandem.data-dir=target/it-data-watch"})
class SlowTargetIT {

  static final Duration ANSWER_AFTER = Duration.ofSeconds(5);

  @LocalServerPort int port;
  Api api;
  HttpServer slow;

  @BeforeEach
  void setUp() throws IOException {
    api = new Api(port);
    slow = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    slow.setExecutor(Executors.newCachedThreadPool());
    slow.createContext("/", this::answerLate);
    slow.start();
  }

  @AfterEach
  void stop() {
    slow.stop(0);
  }

  /** Every request, after a while: a Status that refuses it (a failure no client retries). */
  void answerLate(HttpExchange exchange) throws IOException {
    exchange.getRequestBody().readAllBytes();
    try {
      Thread.sleep(ANSWER_AFTER.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    byte[] body = ("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"message\":\"slow\","
        + "\"reason\":\"Forbidden\",\"code\":403}").getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(403, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  @Test
  void appliesToOtherTargetsRunWhileASlowTargetsAppliesWaitForItsAnswers() {
    String target = Api.uniqueSlug("slow");
    assertThat(api.withTimeout(Duration.ofSeconds(30)).post("/api/v1/targets",
        Map.of("slug", target, "server", "http://127.0.0.1:" + slow.getAddress().getPort(), "token", "t")).status())
        .isEqualTo(201);
    Grants.everySpace(api, target);
    String space = Api.uniqueSlug("slow-fleet");
    api.post("/api/v1/spaces", Map.of("slug", space));
    for (int i = 0; i < 6; i++) {
      unit(space, "stuck-" + i, target);
    }
    for (int i = 0; i < 4; i++) {
      unit(space, "quick-" + i, "sandbox");
    }

    List<String> stuck = queued(space, "stuck-%");
    List<String> quick = queued(space, "quick-%");

    List<JsonNode> quickDone = await("the other target's applies").atMost(ANSWER_AFTER.minusSeconds(1))
        .pollInterval(Duration.ofMillis(50))
        .until(() -> quick.stream().map(this::action).toList(),
            actions -> actions.stream().allMatch(a -> a.path("status").asString().equals("Completed")));
    assertThat(quickDone).extracting(a -> a.path("result").asString()).containsOnly("ApplyCompleted");
    assertThat(stuck.stream().map(this::action).filter(a -> a.path("status").asString().equals("Running")))
        .as("the slow target's applies running meanwhile").hasSize(2);
    await("the slow target's applies, two at a time").atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(200))
        .until(() -> stuck.stream().map(this::action).allMatch(a -> a.path("status").asString().equals("Failed")));
  }

  void unit(String space, String slug, String target) {
    String data = Fixtures.paymentService().replace("name: paymentservice\n", "name: " + slug + "\n  namespace: " + space + "\n");
    assertThat(api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", slug, "data", data, "target", target)).status())
        .isEqualTo(201);
  }

  List<String> queued(String space, String like) {
    Api.Response response = api.post("/api/v1/spaces/" + space + "/actions",
        Map.of("action", "apply", "where", "Slug LIKE '" + like + "'"));
    assertThat(response.status()).as(response.body()).isEqualTo(200);
    return response.json().path("results").values().stream().map(r -> r.path("action").path("id").asString()).toList();
  }

  JsonNode action(String id) {
    return api.get("/api/v1/actions/" + id).json();
  }
}
