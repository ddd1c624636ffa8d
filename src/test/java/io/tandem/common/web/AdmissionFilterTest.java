package io.tandem.common.web;

import static io.tandem.support.Eventually.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.servlet.FilterChain;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

class AdmissionFilterTest {

  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  private final ExecutorService clients = Executors.newCachedThreadPool();
  private final CountDownLatch finish = new CountDownLatch(1);
  private final AtomicInteger working = new AtomicInteger();
  private final AtomicInteger mostWorking = new AtomicInteger();

  @AfterEach
  void stopClients() {
    finish.countDown();
    clients.shutdownNow();
  }

  @Test
  void noMoreApiRequestsWorkAtOnceThanTheSettingAllows() throws Exception {
    AdmissionFilter filter = filter(2, Duration.ofSeconds(30));
    List<Future<?>> requests = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      requests.add(send(filter, "/api/v1/spaces", null));
    }
    awaitWaiting(4);
    assertThat(working.get()).isEqualTo(2);
    finish.countDown();
    for (Future<?> request : requests) {
      request.get(10, TimeUnit.SECONDS);
    }
    assertThat(mostWorking.get()).isEqualTo(2);
    assertThat(meters.counter("tandem.admission.overflows").count()).isZero();
  }

  @Test
  void aRequestThatWaitsForAnActionTakesNoTurn() throws Exception {
    AdmissionFilter filter = filter(1, Duration.ofSeconds(30));
    send(filter, "/api/v1/spaces/a/units/b/apply", null);
    awaitWorking(1);
    Future<?> waiting = send(filter, "/api/v1/spaces/a/units/c/apply", "revision=2&wait=30");
    awaitWorking(2);
    assertThat(waiting.isDone()).isFalse();
    assertThat(meters.counter("tandem.admission.overflows").count()).isZero();
  }

  @Test
  void aRequestWhoseTurnDoesNotComeWithinMaxWaitRunsAnywayAndIsCounted() {
    AdmissionFilter filter = filter(1, Duration.ofMillis(100));
    send(filter, "/api/v1/spaces", null);
    awaitWorking(1);
    send(filter, "/api/v1/spaces", null);
    awaitWorking(2);
    assertThat(meters.counter("tandem.admission.overflows").count()).isEqualTo(1.0);
  }

  @Test
  void pathsOutsideTheApiTakeNoTurn() {
    AdmissionFilter filter = filter(1, Duration.ofSeconds(30));
    send(filter, "/api/v1/spaces", null);
    awaitWorking(1);
    send(filter, "/actuator/health", null);
    awaitWorking(2);
  }

  @Test
  void onlyAWaitParameterOfItsOwnCountsAsWaitingForAnAction() {
    assertThat(AdmissionFilter.waitsForAction("wait=5")).isTrue();
    assertThat(AdmissionFilter.waitsForAction("revision=3&wait=5")).isTrue();
    assertThat(AdmissionFilter.waitsForAction("wait")).isTrue();
    assertThat(AdmissionFilter.waitsForAction(null)).isFalse();
    assertThat(AdmissionFilter.waitsForAction("await=5")).isFalse();
    assertThat(AdmissionFilter.waitsForAction("waiting=1&where=wait%3D1")).isFalse();
  }

  @Test
  void zeroConcurrentRequestsMeansTwiceTheProcessors() {
    assertThat(new AdmissionProperties(true, 0, Duration.ofMillis(250)).permits())
        .isEqualTo(2 * Runtime.getRuntime().availableProcessors());
    assertThat(new AdmissionProperties(true, 3, Duration.ofMillis(250)).permits()).isEqualTo(3);
  }

  private AdmissionFilter filter(int permits, Duration maxWait) {
    return new AdmissionFilter(new AdmissionProperties(true, permits, maxWait), meters);
  }

  private Future<?> send(AdmissionFilter filter, String path, String query) {
    MockHttpServletRequest request = new MockHttpServletRequest("POST", path);
    request.setQueryString(query);
    FilterChain work = (req, res) -> {
      mostWorking.accumulateAndGet(working.incrementAndGet(), Math::max);
      try {
        finish.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } finally {
        working.decrementAndGet();
      }
    };
    return clients.submit(() -> {
      filter.doFilter(request, new MockHttpServletResponse(), work);
      return null;
    });
  }

  private void awaitWorking(int count) {
    eventually(Duration.ofSeconds(10), () -> working.get() == count, "requests working: " + count);
  }

  private void awaitWaiting(int count) {
    eventually(Duration.ofSeconds(10), () -> meters.get("tandem.admission.waiting").gauge().value() == count,
        "requests waiting: " + count);
  }
}
