package io.tandem.portal;

import static io.tandem.support.ProblemAssert.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.tandem.sandbox.SandboxCluster;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.TandemIT;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** The portal is told what happens: an event stream it can resume, signed webhooks, CORS and a summary. */
@TandemIT
class PortalIT {

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;
  Api api;
  String space;
  String unit;
  final List<Stream<String>> streams = new ArrayList<>();

  @BeforeEach
  void setUp() {
    api = new Api(port);
    space = Api.uniqueSlug("portal");
    unit = "/api/v1/spaces/" + space + "/units/paymentservice";
    api.post("/api/v1/spaces", Map.of("slug", space));
  }

  @AfterEach
  void closeStreams() {
    streams.forEach(Stream::close);
  }

  /** Server-Sent Events of this space, parsed: each event's JSON data, with the id and name the stream gave it. */
  BlockingQueue<JsonNode> subscribe(String lastEventId) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/v1/events?space=" + space))
        .header("Accept", "text/event-stream");
    if (lastEventId != null) {
      request.header("Last-Event-ID", lastEventId);
    }
    HttpResponse<Stream<String>> response = HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofLines());
    assertThat(response.statusCode()).isEqualTo(200);
    streams.add(response.body());
    BlockingQueue<JsonNode> events = new LinkedBlockingQueue<>();
    Thread reader = new Thread(() -> {
      String[] current = new String[2];
      try {
        response.body().forEach(line -> {
          if (line.startsWith("id:")) {
            current[0] = line.substring(3).trim();
          } else if (line.startsWith("event:")) {
            current[1] = line.substring(6).trim();
          } else if (line.startsWith("data:")) {
            JsonNode data = Api.JSON.readTree(line.substring(5));
            assertThat(data.path("id").asString()).isEqualTo(current[0]);
            assertThat(data.path("type").asString()).isEqualTo(current[1]);
            events.add(data);
          }
        });
      } catch (RuntimeException closed) {
        // the test closed the stream
      }
    });
    reader.setDaemon(true);
    reader.start();
    Thread.sleep(300); // subscribed before anything happens
    return events;
  }

  static List<String> take(BlockingQueue<JsonNode> events, int count, List<JsonNode> into) throws InterruptedException {
    List<String> types = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      JsonNode event = events.poll(15, TimeUnit.SECONDS);
      assertThat(event).as("event " + (i + 1) + " of " + count + " after " + types).isNotNull();
      types.add(event.path("type").asString() + (event.path("payload").has("source") ? ":" + event.path("payload").path("source").asString()
          : event.path("payload").has("action") ? ":" + event.path("payload").path("action").asString() : ""));
      into.add(event);
    }
    return types;
  }

  void createAndApply() {
    String data = Fixtures.paymentService().replace("  name: paymentservice\n", "  name: paymentservice\n  namespace: " + space + "\n");
    api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "paymentservice", "data", data, "target", "sandbox"));
    api.patch(unit, Map.of("data", data.replace("replicas: 1", "replicas: 2")));
    assertThat(api.post(unit + "/apply?wait=30", null).json().path("result").asString()).isEqualTo("ApplyCompleted");
  }

  void changeMemoryOnTheCluster(String memory) {
    try (KubernetesClient kubectl = sandbox.client()) {
      kubectl.apps().deployments().inNamespace(space).withName("paymentservice").edit(deployment -> {
        deployment.getSpec().getTemplate().getSpec().getContainers().get(0).getResources().getLimits().put("memory", new Quantity(memory));
        return deployment;
      });
    }
  }

  @Test
  void eventsArriveInOrderForEditsAnAppplyAndAnOutOfBandChange() throws Exception {
    BlockingQueue<JsonNode> events = subscribe(null);

    createAndApply();
    changeMemoryOnTheCluster("512Mi");
    assertThat(api.post(unit + "/refresh?dryRun=true&wait=30", null).json().path("result").asString()).isEqualTo("RefreshAndDrifted");
    assertThat(api.post(unit + "/refresh?wait=30", null).json().path("capturedRevisionNum").asInt()).isEqualTo(3);

    List<JsonNode> received = new ArrayList<>();
    assertThat(take(events, 9, received)).containsExactly(
        "RevisionCreated:Create", "RevisionCreated:Update", "UnitHealthChanged", "ActionFinished:Apply",
        "DriftDetected", "ActionFinished:Refresh",
        "RevisionCreated:Refresh", "DriftCleared", "ActionFinished:Refresh");
    assertThat(received).extracting(event -> event.path("id").asLong()).isSorted();
    assertThat(received.get(2).path("payload").path("health").asString()).as("the mock's Deployment gets no status")
        .isEqualTo("Progressing");
    assertThat(received.get(3).path("payload").path("result").asString()).isEqualTo("ApplyCompleted");
    assertThat(received.get(0).path("unit").asString()).isEqualTo("paymentservice");
  }

  @Test
  void aClientThatReconnectsWithLastEventIdMissesNothing() throws Exception {
    BlockingQueue<JsonNode> first = subscribe(null);
    createAndApply();
    List<JsonNode> seen = new ArrayList<>();
    take(first, 1, seen);
    streams.forEach(Stream::close); // the portal goes away after the first event

    api.patch(unit, Map.of("labels", Map.of("team", "payments"))); // no revision, no event
    api.patch(unit + "?restore=1", null);

    BlockingQueue<JsonNode> resumed = subscribe(seen.get(0).path("id").asString());
    List<JsonNode> rest = new ArrayList<>();
    assertThat(take(resumed, 4, rest))
        .containsExactly("RevisionCreated:Update", "UnitHealthChanged", "ActionFinished:Apply", "RevisionCreated:Restore");
    assertThat(rest.get(0).path("id").asLong()).isGreaterThan(seen.get(0).path("id").asLong());
  }

  @Test
  void aWebhookWithANullEventTypeIsRefusedAndNothingIsCreated() {
    String hooks = "/api/v1/spaces/" + space + "/webhooks";
    List<String> types = new ArrayList<>();
    types.add(null);
    Map<String, Object> body = new HashMap<>();
    body.put("url", "http://127.0.0.1:9/hook");
    body.put("eventTypes", types);
    assertProblem(api.post(hooks, body), 400, "validation-failed", "eventTypes");
    assertThat(api.get(hooks).json().path("items").size()).isZero();
  }

  @Test
  void aWebhookGetsSignedDeliveriesAndIsRetriedAfterAFailure() throws Exception {
    List<String[]> received = new CopyOnWriteArrayList<>();
    AtomicInteger calls = new AtomicInteger();
    HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    receiver.createContext("/hook", exchange -> {
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      int status = calls.incrementAndGet() == 1 ? 500 : 204; // the first delivery fails
      if (status == 204) {
        received.add(new String[] {exchange.getRequestHeaders().getFirst("X-Tandem-Signature"), body,
            exchange.getRequestHeaders().getFirst("X-Tandem-Event")});
      }
      exchange.sendResponseHeaders(status, -1);
      exchange.close();
    });
    receiver.start();
    try {
      Api.Response created = api.post("/api/v1/spaces/" + space + "/webhooks", Map.of(
          "url", "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook", "eventTypes", List.of("RevisionCreated")));
      assertThat(created.status()).as(created.body()).isEqualTo(201);
      String secret = created.json().path("secret").asString();
      String hook = "/api/v1/spaces/" + space + "/webhooks/" + created.json().path("webhook").path("id").asString();
      assertThat(api.get(hook).body()).doesNotContain(secret);

      createAndApply(); // two revisions; the apply is not an event this webhook wants

      await("two deliveries").atMost(Duration.ofSeconds(15)).until(() -> received.size() == 2);
      for (String[] delivery : received) {
        assertThat(delivery[0]).isEqualTo("sha256=" + hmac(secret, delivery[1]));
        assertThat(delivery[2]).isEqualTo("RevisionCreated");
      }
      // the first delivery failed and came again after the second: each arrives, signed, exactly once
      assertThat(received).extracting(delivery -> Api.JSON.readTree(delivery[1]).path("payload").path("revisionNum").asInt())
          .containsExactlyInAnyOrder(1, 2);
      JsonNode deliveries = api.get(hook + "/deliveries").json().path("items");
      assertThat(deliveries.size()).isEqualTo(2);
      assertThat(deliveries.findValues("status")).extracting(JsonNode::asString).containsOnly("Delivered");
      assertThat(deliveries.findValues("attempts")).extracting(JsonNode::asInt).containsExactlyInAnyOrder(1, 2);
    } finally {
      receiver.stop(0);
    }
  }

  @Test
  void theSummaryCountsUnitsByStateAndCorsLetsThePortalIn() throws IOException, InterruptedException {
    createAndApply();
    api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "draft", "data", "", "target", "sandbox"));

    JsonNode summary = api.get("/api/v1/spaces/" + space + "/summary").json();
    assertThat(summary.path("units").asInt()).isEqualTo(2);
    assertThat(summary.path("drift").path("None").asInt()).isEqualTo(2);
    assertThat(summary.path("unappliedChanges").asInt()).isEqualTo(1);
    assertThat(summary.path("neverApplied").asInt()).isEqualTo(1);
    assertThat(summary.path("recentActions").get(0).path("result").asString()).isEqualTo("ApplyCompleted");

    HttpResponse<String> preflight = HttpClient.newHttpClient().send(
        HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/v1/spaces"))
            .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
            .header("Origin", "https://portal.example")
            .header("Access-Control-Request-Method", "PATCH")
            .build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin")).hasValue("https://portal.example");
    HttpResponse<String> stranger = HttpClient.newHttpClient().send(
        HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/v1/spaces"))
            .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
            .header("Origin", "https://evil.example")
            .header("Access-Control-Request-Method", "PATCH")
            .build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(stranger.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
  }

  static String hmac(String secret, String body) throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    return HexFormat.of().formatHex(mac.doFinal(body.getBytes(StandardCharsets.UTF_8)));
  }
}
