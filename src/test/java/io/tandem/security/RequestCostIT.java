package io.tandem.security;

import static io.tandem.security.Callers.auth;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.support.Api;
import io.tandem.support.ProblemAssert;
import io.tandem.support.TandemIT;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/**
 * What a request costs the server before it is refused, and what a slow client can hold: few request threads here, so
 * that holding them all is cheap to try.
 */
@TandemIT
@TestPropertySource(properties = {
    "tandem.security.anonymous=false",
    "tandem.security.bootstrap-token=" + RequestCostIT.ADMIN,
    "tandem.data-dir=target/it-data-request-cost",
    "tandem.admission.concurrent-requests=2",
    "tandem.admission.max-threads=12",
    "tandem.http.body-timeout=3s",
    "tandem.security.concurrent-writes-per-caller=2"})
class RequestCostIT {

  static final String ADMIN = "tdm_requestcost_3nT3stOnlyAdminTokenThatIsLongEnough000000";

  @LocalServerPort int port;
  private Api api;

  @BeforeEach
  void setUp() {
    api = new Api(port).withTimeout(Duration.ofSeconds(5));
  }

  @Test
  void unauthenticatedRequestsWhoseBodiesTrickleInAreRefusedWithoutWaitingForTheirBodies() throws Exception {
    List<Socket> clients = new ArrayList<>();
    try {
      for (int i = 0; i < 30; i++) { // more than the server's request threads
        String type = i % 2 == 0 ? "application/x-www-form-urlencoded" : "application/json";
        clients.add(startSlowRequest("POST", "/api/v1/spaces", type, 100_000, null));
      }
      for (Socket client : clients) {
        assertThat(statusLine(client)).startsWith("HTTP/1.1 401");
      }
      // within the client's 5 s: before, each refused request's thread kept reading its body for 20 s
      assertThat(api.get("/actuator/health").status()).isEqualTo(200);
    } finally {
      for (Socket client : clients) {
        client.close();
      }
    }
  }

  @Test
  void anAnswerBelow400ToARequestWhoseBodyIsNotReadKeepsItsStatus() throws Exception {
    try (Socket client = startSlowRequest("OPTIONS", "/api/v1/spaces", "application/json", 100_000, null)) {
      String status = statusLine(client);
      assertThat(status).as("an OPTIONS with a body nobody reads").startsWith("HTTP/1.1 ").doesNotContain(" 500");
      assertThat(Integer.parseInt(status.split(" ")[1])).isLessThan(500);
    }
  }

  @Test
  void aBodyThatTakesLongerThanTheBodyTimeoutIsRefusedWith408() throws Exception {
    try (Socket client = startSlowRequest("POST", "/api/v1/spaces", "application/json", 1000, ADMIN)) {
      OutputStream out = client.getOutputStream();
      long started = System.nanoTime();
      String status = null;
      client.setSoTimeout(500);
      while (status == null && System.nanoTime() - started < Duration.ofSeconds(10).toNanos()) {
        out.write(' '); // one byte of JSON whitespace every half second: each read is quick, the whole is not
        out.flush();
        status = statusLineOrNull(client);
      }
      assertThat(status).as("the answer to a body trickling in for 10 s").startsWith("HTTP/1.1 408");
    }
  }

  @Test
  void aUnitWithAFourMegabytePlainScalarIsWritten() {
    String space = Api.uniqueSlug("cost");
    assertThat(api.post("/api/v1/spaces", Map.of("slug", space), auth(ADMIN)).status()).isEqualTo(201);
    String data = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\ndata:\n  blob: " + "x".repeat(4_000_000) + "\n";

    // within the client's 10 s: the YAML reader's copies once made it 20-34 s of CPU
    Api.Response created = new Api(port).withTimeout(Duration.ofSeconds(10))
        .post("/api/v1/spaces/" + space + "/units", Map.of("slug", "big", "data", data), auth(ADMIN));

    assertThat(created.status()).as(created.body()).isEqualTo(201);
  }

  @Test
  void aCallerWithTwoWritesInProgressIsRefusedAThirdButMayRead() throws Exception {
    String space = Api.uniqueSlug("writes");
    assertThat(api.post("/api/v1/spaces", Map.of("slug", space), auth(ADMIN)).status()).isEqualTo(201);
    try (Socket first = startSlowRequest("POST", "/api/v1/spaces", "application/json", 1000, ADMIN);
        Socket second = startSlowRequest("POST", "/api/v1/spaces", "application/json", 1000, ADMIN)) {
      await("a third write is refused while two are in progress").atMost(Duration.ofSeconds(2))
          .until(() -> api.post("/api/v1/spaces", Map.of("slug", space + "-3"), auth(ADMIN)).status() == 429);

      Api.Response refused = api.post("/api/v1/spaces", Map.of("slug", space + "-4"), auth(ADMIN));
      ProblemAssert.assertProblem(refused, 429, "rate-limited", "2 writes in progress");
      assertThat(refused.header("Retry-After")).isEqualTo("1");
      assertThat(api.get("/api/v1/spaces/" + space, auth(ADMIN)).status()).isEqualTo(200);
    }
    await("once the two have ended, the caller writes again").atMost(Duration.ofSeconds(10))
        .until(() -> api.post("/api/v1/spaces", Map.of("slug", space + "-5"), auth(ADMIN)).status() == 201);
  }

  /** A request whose headers are sent whole and whose body is sent one byte of {@code length}, and then nothing. */
  private Socket startSlowRequest(String method, String path, String type, int length, String token) throws IOException {
    Socket client = new Socket("localhost", port);
    client.setSoTimeout(5000);
    String head = method + " " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: " + type + "\r\nContent-Length: "
        + length + "\r\n" + (token == null ? "" : "Authorization: Bearer " + token + "\r\n") + "\r\n{";
    client.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
    client.getOutputStream().flush();
    return client;
  }

  private static String statusLine(Socket client) throws IOException {
    InputStream in = client.getInputStream();
    StringBuilder line = new StringBuilder();
    for (int b = in.read(); b >= 0 && b != '\n'; b = in.read()) {
      line.append((char) b);
    }
    return line.toString().trim();
  }

  private static String statusLineOrNull(Socket client) throws IOException {
    try {
      String line = statusLine(client);
      return line.isEmpty() ? null : line;
    } catch (java.net.SocketTimeoutException e) {
      return null;
    }
  }
}
