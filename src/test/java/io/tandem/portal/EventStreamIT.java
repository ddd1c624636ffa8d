package io.tandem.portal;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Api;
import io.tandem.support.TandemIT;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;

/** Each event-stream client is sent to on its own: one that stops reading delays no one else. */
@TandemIT
// the stuck client's queue holds every event of the test: it stays subscribed, its sender blocked, throughout
@TestPropertySource(properties = {"tandem.data-dir=target/it-data-event-stream", "tandem.events.poll-interval=20ms",
    "tandem.events.client-queue=5000"})
class EventStreamIT {

  private static final Duration MOST_DELAY = Duration.ofMillis(100);

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;

  @Test
  void aClientThatStopsReadingDoesNotDelayEventsToAnotherByMoreThan100Ms() throws Exception {
    Api api = new Api(port);
    String busy = Api.uniqueSlug("busy");
    String calm = Api.uniqueSlug("calm");
    assertThat(api.post("/api/v1/spaces", Map.of("slug", busy)).status()).isEqualTo(201);
    assertThat(api.post("/api/v1/spaces", Map.of("slug", calm)).status()).isEqualTo(201);
    BlockingQueue<Long> received = new LinkedBlockingQueue<>();
    try (Stream<String> reader = follow(calm, received); Socket stuck = stuckClient(busy)) {
      List<Long> before = delays(calm, received, 5);

      // far more than the socket buffers hold: the stuck client's sender blocks in a write
      jdbc.update("insert into event (space_id, space, type, payload) select gen_random_uuid(), ?, 'RevisionCreated',"
          + " jsonb_build_object('pad', repeat('x', 16384)) from generate_series(1, 2000)", busy);
      Thread.sleep(1_000);
      delays(calm, received, 1); // the stream has read past them
      List<Long> during = delays(calm, received, 5);

      long slowestBefore = Collections.max(before);
      assertThat(during).as("delays in ms while a client is stuck, against at most %d ms before", slowestBefore)
          .allSatisfy(delay -> assertThat(delay).isLessThan(slowestBefore + MOST_DELAY.toMillis()));
    }
  }

  /** {@code count} events of {@code space}, one at a time: how long after each commit the reader had it, in ms. */
  private List<Long> delays(String space, BlockingQueue<Long> received, int count) throws InterruptedException {
    List<Long> delays = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Long id = jdbc.queryForObject("insert into event (space_id, space, type, payload) values (?, ?, 'RevisionCreated',"
          + " '{}') returning id", Long.class, UUID.randomUUID(), space);
      long committed = System.nanoTime();
      Long got = received.poll(5, TimeUnit.SECONDS);
      assertThat(got).as("event %d arrived", id).isEqualTo(id);
      delays.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - committed));
    }
    return delays;
  }

  /** A client that reads every event of {@code space}, recording each id as it arrives. */
  private Stream<String> follow(String space, BlockingQueue<Long> received) throws Exception {
    HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/v1/events?space=" + space))
        .header("Accept", "text/event-stream").build();
    HttpResponse<Stream<String>> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofLines());
    assertThat(response.statusCode()).isEqualTo(200);
    Thread thread = new Thread(() -> {
      try {
        response.body().forEach(line -> {
          if (line.startsWith("id:")) {
            received.add(Long.parseLong(line.substring(3).trim()));
          }
        });
      } catch (RuntimeException closed) {
        // the test closed the stream
      }
    });
    thread.setDaemon(true);
    thread.start();
    Thread.sleep(300);
    return response.body();
  }

  /** A client of {@code space}'s events that sends its request and never reads a byte of the answer. */
  private Socket stuckClient(String space) throws Exception {
    Socket socket = new Socket();
    socket.setReceiveBufferSize(4096);
    socket.connect(new InetSocketAddress("127.0.0.1", port));
    OutputStream out = socket.getOutputStream();
    out.write(("GET /api/v1/events?space=" + space + " HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n")
        .getBytes(StandardCharsets.US_ASCII));
    out.flush();
    Thread.sleep(300);
    return socket;
  }
}
