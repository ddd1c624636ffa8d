package io.tandem.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.tandem.support.Api;
import io.tandem.support.Fixtures;
import io.tandem.support.TandemIT;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * What a remote answers (a body, an error message of the Git protocol) never comes back in an API response: a
 * "cluster", webhook receiver or Git remote may be a service whose answers the caller must not read through us.
 */
@TandemIT
class RemoteAnswersIT {

  static final String MARKER = "MARKER-internal-secret-7f3a";

  @LocalServerPort int port;
  Api api;
  String space;
  HttpServer remote;
  String base;

  @BeforeEach
  void setUp() throws IOException {
    api = new Api(port);
    space = Api.uniqueSlug("echo");
    assertThat(api.post("/api/v1/spaces", Map.of("slug", space)).status()).isEqualTo(201);
    remote = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    remote.createContext("/", RemoteAnswersIT::answer);
    remote.start();
    base = "http://127.0.0.1:" + remote.getAddress().getPort();
  }

  @AfterEach
  void stop() {
    remote.stop(0);
  }

  /**
   * Git's smart HTTP gets an ERR line (JGit reports its text); anything else a 500 whose body is a Kubernetes Status
   * with the marker as its message and reason (fabric8 reports the message).
   */
  static void answer(HttpExchange exchange) throws IOException {
    exchange.getRequestBody().readAllBytes();
    if (exchange.getRequestURI().getPath().endsWith("/info/refs")) {
      String service = exchange.getRequestURI().getQuery().replace("service=", "");
      byte[] body = (pkt("# service=" + service + "\n") + "0000" + pkt("ERR " + MARKER + "\n")).getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "application/x-" + service + "-advertisement");
      send(exchange, 200, body);
    } else {
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      String status = "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"message\":\"" + MARKER
          + "\",\"reason\":\"" + MARKER + "\",\"code\":500}";
      send(exchange, 500, status.getBytes(StandardCharsets.UTF_8));
    }
  }

  static String pkt(String line) {
    return String.format("%04x", line.length() + 4) + line;
  }

  static void send(HttpExchange exchange, int status, byte[] body) throws IOException {
    exchange.sendResponseHeaders(status, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  @Test
  void aTargetsErrorNamesTheStatusNotTheBody() {
    String slug = Api.uniqueSlug("echo");

    Api.Response created = api.post("/api/v1/targets", Map.of("slug", slug, "server", base, "token", "t"));

    assertThat(created.status()).as(created.body()).isEqualTo(201);
    assertThat(created.json().path("lastError").asString()).contains("HTTP 500");
    assertThat(created.body()).doesNotContain(MARKER);
    assertThat(api.post("/api/v1/targets/" + slug + "/check", null).body()).doesNotContain(MARKER);
    assertThat(api.get("/api/v1/targets/" + slug).body()).doesNotContain(MARKER);
  }

  @Test
  void anImportsErrorDoesNotRepeatTheRemotesMessage() {
    Api.Response imported = api.post("/api/v1/spaces/" + space + "/imports", Map.of("url", base + "/repo.git"));

    assertThat(imported.status()).as(imported.body()).isEqualTo(502);
    assertThat(imported.json().path("code").asString()).isEqualTo("git-remote-failed");
    assertThat(imported.body()).doesNotContain(MARKER);
  }

  @Test
  void aMirrorsLastErrorDoesNotRepeatTheRemotesMessage() {
    Api.Response mirror = api.send("PUT", "/api/v1/spaces/" + space + "/git-mirror", "application/json",
        Api.JSON.writeValueAsString(Map.of("url", base + "/repo.git")));
    assertThat(mirror.status()).as(mirror.body()).isEqualTo(201);
    createUnit();

    String path = "/api/v1/spaces/" + space + "/git-mirror";
    await("a failed push").atMost(Duration.ofSeconds(15))
        .until(() -> !api.get(path).json().path("lastError").asString().isEmpty());
    assertThat(api.get(path).body()).doesNotContain(MARKER);
  }

  @Test
  void aWebhookDeliverysLastErrorNamesTheStatusNotTheBody() {
    Api.Response created = api.post("/api/v1/spaces/" + space + "/webhooks",
        Map.of("url", base + "/hook", "eventTypes", List.of("RevisionCreated")));
    assertThat(created.status()).as(created.body()).isEqualTo(201);
    createUnit();

    String deliveries = "/api/v1/spaces/" + space + "/webhooks/" + created.json().path("webhook").path("id").asString() + "/deliveries";
    await("a failed delivery").atMost(Duration.ofSeconds(15))
        .until(() -> api.get(deliveries).items(),
            items -> items.stream().anyMatch(d -> d.path("lastError").asString().contains("HTTP 500")));
    assertThat(api.get(deliveries).body()).doesNotContain(MARKER);
  }

  private void createUnit() {
    Api.Response unit = api.post("/api/v1/spaces/" + space + "/units", Map.of("slug", "app", "data", Fixtures.paymentService()));
    assertThat(unit.status()).as(unit.body()).isEqualTo(201);
  }
}
