package io.tandem.common.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.tandem.support.TandemIT;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.test.context.TestPropertySource;

/**
 * Through the real server, with one turn: the next request of a kept-alive connection, which Tomcat reads on the
 * thread that has just answered the last one, still waits behind a request that was queued before it ({@link
 * AdmissionExecutor#keepArrivalOrder}). A filter right behind the admission records the order requests come through.
 */
@TandemIT
@Import(AdmissionOrderIT.Recorder.class)
@TestPropertySource(properties = {
    "tandem.data-dir=target/it-data-admission-order",
    "tandem.admission.concurrent-requests=1",
    "tandem.admission.max-wait=60s"})
class AdmissionOrderIT {

  @LocalServerPort int port;
  @Autowired MeterRegistry meters;

  @Test
  void aConnectionsNextRequestWaitsBehindOneQueuedBeforeItWasRead() throws IOException, InterruptedException {
    try (Socket first = new Socket(InetAddress.getLoopbackAddress(), port);
        Socket second = new Socket(InetAddress.getLoopbackAddress(), port)) {
      // two requests on one connection at once: Tomcat reads the second when it has answered the first
      send(first, request("first-1") + request("first-2"));
      assertThat(Recorder.HOLDING.await(30, TimeUnit.SECONDS)).as("the first request holds the one turn").isTrue();
      send(second, request("second"));
      await("the other connection's request queued").atMost(Duration.ofSeconds(30))
          .until(() -> meters.get("tandem.admission.waiting").gauge().value() >= 1);

      Recorder.RELEASE.countDown();

      await("all three requests through").atMost(Duration.ofSeconds(30)).until(() -> Recorder.ORDER.size() == 3);
      assertThat(Recorder.ORDER).containsExactly("first-1", "second", "first-2");
    }
  }

  private static String request(String name) {
    return "GET /api/v1/spaces HTTP/1.1\r\nHost: 127.0.0.1\r\n" + Recorder.HEADER + ": " + name + "\r\n\r\n";
  }

  private static void send(Socket socket, String requests) throws IOException {
    OutputStream out = socket.getOutputStream();
    out.write(requests.getBytes(StandardCharsets.US_ASCII));
    out.flush();
  }

  /** Records the requests that carry its header in the order they pass, and holds the first until released. */
  @TestConfiguration(proxyBeanMethods = false)
  static class Recorder {

    static final String HEADER = "X-Admission-Order";
    static final List<String> ORDER = new CopyOnWriteArrayList<>();
    static final CountDownLatch HOLDING = new CountDownLatch(1);
    static final CountDownLatch RELEASE = new CountDownLatch(1);

    @Bean
    FilterRegistrationBean<Filter> admissionOrderRecorder() {
      FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>((request, response, chain) -> {
        String name = ((HttpServletRequest) request).getHeader(HEADER);
        if (name != null) {
          ORDER.add(name);
          if (name.equals("first-1")) {
            HOLDING.countDown();
            await();
          }
        }
        chain.doFilter(request, response);
      });
      registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 1);
      return registration;
    }

    private static void await() {
      try {
        RELEASE.await(60, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
