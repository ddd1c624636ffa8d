package io.tandem.common.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.servlet.FilterChain;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

class AdmissionTest {

  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  private final AtomicInteger working = new AtomicInteger();
  private final AtomicInteger mostWorking = new AtomicInteger();
  private final List<String> started = new CopyOnWriteArrayList<>();
  private AdmissionExecutor executor;

  @AfterEach
  void stop() {
    if (executor != null) {
      executor.close();
    }
  }

  @Test
  void noMoreRequestsWorkAtOnceThanThereAreTurns() throws Exception {
    executor = executor(2, Duration.ofSeconds(30));
    CountDownLatch finish = new CountDownLatch(1);
    CountDownLatch done = new CountDownLatch(6);
    for (int i = 0; i < 6; i++) {
      executor.execute(work("r" + i, false, finish, done));
    }
    awaitWorking(2);
    await("4 requests waiting").atMost(Duration.ofSeconds(10)).until(() -> waiting() == 4);
    assertThat(started).containsExactlyInAnyOrder("r0", "r1");
    finish.countDown();
    assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(mostWorking.get()).isEqualTo(2);
    assertThat(meters.counter("tandem.admission.overflows").count()).isZero();
    assertThat(meters.timer("tandem.admission.wait").count()).isEqualTo(6);
  }

  @Test
  void queuedRequestsStartInArrivalOrder() throws Exception {
    executor = executor(1, Duration.ofSeconds(30));
    CountDownLatch finish = new CountDownLatch(1);
    CountDownLatch done = new CountDownLatch(5);
    executor.execute(work("r0", false, finish, done));
    awaitWorking(1);
    for (int i = 1; i < 5; i++) {
      executor.execute(work("r" + i, false, new CountDownLatch(0), done));
    }
    await("4 requests waiting").atMost(Duration.ofSeconds(10)).until(() -> waiting() == 4);
    finish.countDown();
    assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(started).containsExactly("r0", "r1", "r2", "r3", "r4");
  }

  @Test
  void theNextRequestOfAConnectionWaitsBehindTheRequestsQueuedBeforeIt() throws Exception {
    executor = executor(2, Duration.ofSeconds(30));
    CountDownLatch finishFirst = new CountDownLatch(1);
    CountDownLatch finishOther = new CountDownLatch(1);
    CountDownLatch done = new CountDownLatch(3);
    executor.execute(connection("kept-alive", finishFirst, done));
    awaitWorking(1);
    executor.execute(work("other", false, finishOther, done));
    awaitWorking(2);
    executor.execute(connection("queued", new CountDownLatch(0), done));
    await("a request queued").atMost(Duration.ofSeconds(10)).until(() -> waiting() == 1);
    finishFirst.countDown(); // the kept-alive connection's next request comes, read on the same thread
    await("both connections' next requests served").atMost(Duration.ofSeconds(10)).until(() -> started.size() == 5);
    assertThat(working.get()).isEqualTo(1); // the other request still holds its turn
    // each next request went behind the one queued before it
    assertThat(started).containsExactly("kept-alive", "other", "queued", "kept-alive again", "queued again");
    finishOther.countDown();
    assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(mostWorking.get()).isEqualTo(2);
    assertThat(meters.timer("tandem.admission.wait").count()).isEqualTo(5); // three tasks and two kept places
  }

  @Test
  void withOneTurnTwoConnectionsTakeItInTurns() throws Exception {
    assertThat(twoConnectionsOnOneTurn(200)).containsExactly("kept-alive", "queued", "kept-alive again", "queued again");
  }

  @Test
  void withoutRoomForAnotherThreadTheNextRequestOfAConnectionGoesOnAtOnce() throws Exception {
    assertThat(twoConnectionsOnOneTurn(1)).containsExactly("kept-alive", "kept-alive again", "queued", "queued again");
  }

  @Test
  void aRequestInterruptedInItsKeptPlaceGoesOnAndItsPlaceLeavesTheQueue() throws Exception {
    executor = executor(1, Duration.ofSeconds(30));
    CountDownLatch finishFirst = new CountDownLatch(1);
    CountDownLatch finishQueued = new CountDownLatch(1);
    CountDownLatch done = new CountDownLatch(2);
    AtomicReference<Thread> keptAlive = new AtomicReference<>();
    executor.execute(() -> {
      keptAlive.set(Thread.currentThread());
      connection("kept-alive", finishFirst, done).run();
    });
    awaitWorking(1);
    executor.execute(work("queued", false, finishQueued, done));
    await("a request queued").atMost(Duration.ofSeconds(10)).until(() -> waiting() == 1);
    finishFirst.countDown();
    await("the queued request working, the kept-alive connection's next one parked in its place")
        .atMost(Duration.ofSeconds(10)).until(() -> started.contains("queued") && waiting() == 1);
    keptAlive.get().interrupt(); // as when the server stops
    await("the parked request going on").atMost(Duration.ofSeconds(10))
        .until(() -> started.contains("kept-alive again"));
    assertThat(waiting()).isZero();
    assertThat(working.get()).isEqualTo(1);
    finishQueued.countDown();
    assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void aRequestThatLeavesItsTurnLetsTheNextStartAndTheRoomGoesWhenItEnds() throws Exception {
    executor = executor(1, Duration.ofSeconds(30));
    CountDownLatch finishLeaver = new CountDownLatch(1);
    CountDownLatch finishOthers = new CountDownLatch(1);
    CountDownLatch leaverDone = new CountDownLatch(1);
    CountDownLatch othersDone = new CountDownLatch(2);
    executor.execute(work("leaver", true, finishLeaver, leaverDone));
    executor.execute(work("second", false, finishOthers, othersDone));
    awaitWorking(2);
    executor.execute(work("third", false, finishOthers, othersDone));
    await("the third request waiting").atMost(Duration.ofSeconds(10)).until(() -> waiting() == 1);

    finishLeaver.countDown();
    assertThat(leaverDone.await(10, TimeUnit.SECONDS)).isTrue();
    awaitWorking(1);
    assertThat(waiting()).isEqualTo(1); // the second still holds the one turn
    assertThat(started).containsExactly("leaver", "second");

    finishOthers.countDown();
    assertThat(othersDone.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(started).containsExactly("leaver", "second", "third");
    assertThat(meters.counter("tandem.admission.overflows").count()).isZero();
  }

  @Test
  void aRequestWhoseTurnDoesNotComeWithinMaxWaitRunsAnywayAndIsCounted() {
    executor = executor(1, Duration.ofMillis(100));
    CountDownLatch finish = new CountDownLatch(1);
    try {
      executor.execute(work("first", false, finish, new CountDownLatch(1)));
      awaitWorking(1);
      executor.execute(work("second", false, finish, new CountDownLatch(1)));
      awaitWorking(2);
      assertThat(meters.counter("tandem.admission.overflows").count()).isEqualTo(1.0);
    } finally {
      finish.countDown();
    }
  }

  @Test
  void requestsBeyondTheTurnsNeverTakeTheThreadsPastTheMost() throws Exception {
    executor = executor(1, Duration.ofMillis(50), 2);
    CountDownLatch finish = new CountDownLatch(1);
    CountDownLatch done = new CountDownLatch(4);
    try {
      executor.execute(work("leaver", true, finish, done));
      executor.execute(work("second", false, finish, done));
      awaitWorking(2);
      executor.execute(work("third", false, finish, done));
      executor.execute(work("fourth", false, finish, done));
      Thread.sleep(300); // six times max-wait: both are overdue, and stay queued
      assertThat(working.get()).isEqualTo(2);
      assertThat(waiting()).isEqualTo(2);
      assertThat(meters.counter("tandem.admission.overflows").count()).isZero();
    } finally {
      finish.countDown();
    }
    assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(mostWorking.get()).isEqualTo(2);
  }

  @Test
  void requestsOutsideTheApiAndRequestsThatWaitForAnActionGiveTheirTurnBack() {
    executor = executor(1, Duration.ofSeconds(30));
    CountDownLatch finish = new CountDownLatch(1);
    try {
      executor.execute(filtered("/actuator/health", null, finish));
      awaitWorking(1);
      executor.execute(filtered("/api/v1/spaces/a/units/c/apply", "revision=2&wait=30", finish));
      awaitWorking(2);
      executor.execute(filtered("/api/v1/spaces", null, finish));
      awaitWorking(3);
      executor.execute(filtered("/api/v1/spaces", null, finish));
      await("the second API request waiting").atMost(Duration.ofSeconds(10)).until(() -> waiting() == 1);
      assertThat(working.get()).isEqualTo(3);
      assertThat(meters.counter("tandem.admission.overflows").count()).isZero();
    } finally {
      finish.countDown();
    }
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
  void theTurnsAreNeverMoreThanTheMostThreads() {
    assertThat(new AdmissionProperties(true, 8, Duration.ofMillis(250), 3).permits()).isEqualTo(3);
  }

  @Test
  void zeroConcurrentRequestsMeansTwiceTheProcessors() {
    assertThat(new AdmissionProperties(true, 0, Duration.ofMillis(250), 200).permits())
        .isEqualTo(2 * Runtime.getRuntime().availableProcessors());
    assertThat(new AdmissionProperties(true, 3, Duration.ofMillis(250), 200).permits()).isEqualTo(3);
  }

  /**
   * Two kept-alive connections of two requests each, on one turn: the second connection's task queues while the
   * first one's first request works; the order in which the four requests started.
   */
  private List<String> twoConnectionsOnOneTurn(int maxThreads) throws InterruptedException {
    executor = executor(1, Duration.ofSeconds(30), maxThreads);
    CountDownLatch finishFirst = new CountDownLatch(1);
    CountDownLatch done = new CountDownLatch(2);
    executor.execute(connection("kept-alive", finishFirst, done));
    awaitWorking(1);
    executor.execute(connection("queued", new CountDownLatch(0), done));
    await("a request queued").atMost(Duration.ofSeconds(10)).until(() -> waiting() == 1);
    finishFirst.countDown();
    assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
    return started;
  }

  private AdmissionExecutor executor(int turns, Duration maxWait) {
    return executor(turns, maxWait, 200);
  }

  private AdmissionExecutor executor(int turns, Duration maxWait, int maxThreads) {
    return new AdmissionExecutor(new AdmissionProperties(true, turns, maxWait, maxThreads), meters, "test-request-");
  }

  /** Work that counts itself working until {@code finish}, having left its turn first when {@code leaves}. */
  private Runnable work(String name, boolean leaves, CountDownLatch finish, CountDownLatch done) {
    return () -> {
      started.add(name);
      if (leaves) {
        AdmissionExecutor.leaveTurn();
      }
      mostWorking.accumulateAndGet(working.incrementAndGet(), Math::max);
      try {
        finish.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } finally {
        working.decrementAndGet();
        done.countDown();
      }
    };
  }

  /**
   * A kept-alive connection as Tomcat serves it: one task that takes an API request, works until {@code finish}, then
   * takes the connection's next request at once.
   */
  private Runnable connection(String name, CountDownLatch finish, CountDownLatch done) {
    return () -> {
      AdmissionExecutor.keepArrivalOrder();
      work(name, false, finish, new CountDownLatch(1)).run();
      AdmissionExecutor.keepArrivalOrder();
      started.add(name + " again");
      done.countDown();
    };
  }

  /** A request through {@link AdmissionFilter} whose handling works until {@code finish}. */
  private Runnable filtered(String path, String query, CountDownLatch finish) {
    MockHttpServletRequest request = new MockHttpServletRequest("POST", path);
    request.setQueryString(query);
    FilterChain chain = (req, res) -> work(path, false, finish, new CountDownLatch(1)).run();
    return () -> {
      try {
        new AdmissionFilter().doFilter(request, new MockHttpServletResponse(), chain);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    };
  }

  private void awaitWorking(int count) {
    await("requests working: " + count).atMost(Duration.ofSeconds(10)).until(() -> working.get() == count);
  }

  private double waiting() {
    return meters.get("tandem.admission.waiting").gauge().value();
  }
}
