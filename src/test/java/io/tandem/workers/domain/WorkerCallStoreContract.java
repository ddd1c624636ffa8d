package io.tandem.workers.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.support.Concurrently;
import io.tandem.workers.domain.WorkerCallStore.Depth;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What every {@link WorkerCallStore} does: {@link InMemoryWorkerCallStoreTest} runs it on the fake,
 * {@code JdbcWorkerCallStoreIT} on PostgreSQL (the pattern is described on {@code TargetGrantStoreContract}). A call
 * belongs to a worker, so each test registers its workers through the backend's {@link WorkerStore}, whose recorded
 * start ({@code boot}) decides what a claim may take.
 *
 * <p>A call goes pending → sent (claimed by the worker's current start) → done (answered). Times are near the present:
 * the server running the JDBC run deletes calls older than a day in the background.
 */
public abstract class WorkerCallStoreContract {

  private static final String BOOT = "boot-1";

  private final Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);

  protected abstract WorkerStore workers();

  protected abstract WorkerCallStore calls();

  /** The oldest are taken first; the order of the list a claim returns is not promised (PostgreSQL's varies). */
  @Test
  void aClaimTakesTheWorkersPendingCallsOldestFirstUpToTheLimit() {
    ClusterWorker worker = worker(BOOT);
    WorkerCall third = call(worker);
    WorkerCall first = new WorkerCall(UUID.randomUUID(), worker.id(), "cluster", null, "LIST", "{}");
    WorkerCall second = call(worker);
    calls().insert(third, now.plusSeconds(3));
    calls().insert(first, now.plusSeconds(1));
    calls().insert(second, now.plusSeconds(2));

    assertThat(claim(worker, 2)).containsExactlyInAnyOrder(first, second);
    assertThat(claim(worker, 2)).containsExactly(third);
    assertThat(claim(worker, 2)).isEmpty();
  }

  /** A sent call the worker's current start does not hold was lost on the way: it is pending again, once. */
  @Test
  void theSentCallsTheCurrentStartDoesNotHoldArePendingAgain() {
    ClusterWorker worker = worker(BOOT);
    WorkerCall held = insert(call(worker));
    WorkerCall lost = insert(call(worker));
    WorkerCall answered = insert(call(worker));
    assertThat(claim(worker, 3)).hasSize(3);
    WorkerCall waiting = insert(call(worker), now.plusSeconds(1));
    assertThat(calls().answer(answered.id(), worker.id(), "{\"result\": []}", now)).isTrue();

    assertThat(calls().resendLost(worker.id(), "boot-0", List.of(held.id()))).as("another start").isZero();
    assertThat(calls().resendLost(worker.id(), BOOT, List.of(held.id()))).isEqualTo(1);
    assertThat(calls().resendLost(worker.id(), BOOT, List.of(held.id()))).as("a second time").isZero();
    assertThat(calls().depths().get(worker.id())).isEqualTo(new Depth(2, 1));
    assertThat(claim(worker, 10)).containsExactlyInAnyOrder(lost, waiting);
    assertThat(calls().resendLost(worker.id(), BOOT, List.of())).as("holding none").isEqualTo(3);
  }

  @Test
  void aWorkerClaimsOnlyItsOwnCalls() {
    ClusterWorker worker = worker(BOOT);
    ClusterWorker other = worker(BOOT);
    WorkerCall its = insert(call(worker));
    insert(call(other));

    assertThat(claim(worker, 10)).containsExactly(its);
  }

  /** Calls claimed by a start that is gone would never be answered; they wait for the current one. */
  @Test
  void aStartOtherThanTheCurrentOneClaimsNothingAndTheCallsWait() {
    ClusterWorker worker = worker("boot-2");
    WorkerCall call = insert(call(worker));

    assertThat(calls().claim(worker.id(), BOOT, 10, now)).isEmpty();
    assertThat(calls().depths().get(worker.id())).isEqualTo(new Depth(1, 0));

    assertThat(calls().claim(worker.id(), "boot-2", 10, now)).containsExactly(call);
  }

  @Test
  void aWorkerNeverSeenHasNoStartAndClaimsWithNone() {
    ClusterWorker worker = worker(null);
    WorkerCall call = insert(call(worker));

    assertThat(calls().claim(worker.id(), BOOT, 10, now)).isEmpty();
    assertThat(calls().claim(worker.id(), null, 10, now)).containsExactly(call);
  }

  @Test
  void concurrentClaimsHandOutEachCallOnce() {
    ClusterWorker worker = worker(BOOT);
    List<WorkerCall> inserted = IntStream.range(0, 40)
        .mapToObj(i -> {
          WorkerCall call = call(worker);
          calls().insert(call, now.plusMillis(i));
          return call;
        })
        .toList();

    // each caller claims until it gets none, or 40 times: a store that hands calls out again never runs dry
    List<List<WorkerCall>> claimed = Concurrently.run(8, caller -> {
      List<WorkerCall> mine = new ArrayList<>();
      List<WorkerCall> batch = claim(worker, 3);
      for (int round = 0; round < 40 && !batch.isEmpty(); round++, batch = claim(worker, 3)) {
        mine.addAll(batch);
      }
      return mine;
    });

    assertThat(claimed.stream().flatMap(List::stream).toList()).containsExactlyInAnyOrderElementsOf(inserted);
  }

  @Test
  void onlyASentCallTakesAnAnswerAndOnlyFromItsWorker() {
    ClusterWorker worker = worker(BOOT);
    ClusterWorker other = worker(BOOT);
    WorkerCall call = insert(call(worker));

    assertThat(calls().answer(call.id(), worker.id(), "early", now)).as("pending").isFalse();
    claim(worker, 1);
    assertThat(calls().answer(call.id(), other.id(), "forged", now)).as("another worker").isFalse();
    assertThat(calls().answer(call.id(), worker.id(), "done", now)).as("sent").isTrue();
    assertThat(calls().answer(call.id(), worker.id(), "again", now)).as("answered").isFalse();
    assertThat(calls().answer(UUID.randomUUID(), worker.id(), "lost", now)).as("unknown").isFalse();

    assertThat(calls().response(call.id())).contains("done");
  }

  @Test
  void ofConcurrentAnswersToOneCallOneIsTaken() {
    ClusterWorker worker = worker(BOOT);
    WorkerCall call = insert(call(worker));
    claim(worker, 1);

    List<Boolean> taken = Concurrently.run(8, caller -> calls().answer(call.id(), worker.id(), "answer " + caller, now));

    assertThat(taken).containsOnlyOnce(true);
    assertThat(calls().response(call.id())).contains("answer " + taken.indexOf(true));
  }

  @Test
  void aResponseIsThereOnlyOnceTheCallIsAnswered() {
    ClusterWorker worker = worker(BOOT);
    WorkerCall call = insert(call(worker));

    assertThat(calls().response(call.id())).as("pending").isEmpty();
    claim(worker, 1);
    assertThat(calls().response(call.id())).as("sent").isEmpty();
    calls().answer(call.id(), worker.id(), "{\"result\": []}", now);
    assertThat(calls().response(call.id())).contains("{\"result\": []}");
    assertThat(calls().response(UUID.randomUUID())).as("unknown").isEmpty();
  }

  /** What a new start does to the calls its predecessor took: they will get no answer from the worker. */
  @Test
  void answeringTheSentCallsAnswersOnlyThatWorkersSentCalls() {
    ClusterWorker worker = worker(BOOT);
    ClusterWorker other = worker(BOOT);
    WorkerCall sent1 = insert(call(worker), now.plusSeconds(1));
    WorkerCall sent2 = insert(call(worker), now.plusSeconds(2));
    WorkerCall othersSent = insert(call(other));
    claim(worker, 2);
    claim(other, 1);
    WorkerCall pending = insert(call(worker), now.plusSeconds(3));

    assertThat(calls().answerSent(worker.id(), "lost", now)).isEqualTo(2);

    assertThat(calls().response(sent1.id())).contains("lost");
    assertThat(calls().response(sent2.id())).contains("lost");
    assertThat(calls().response(othersSent.id())).isEmpty();
    assertThat(claim(worker, 10)).containsExactly(pending);
    assertThat(calls().answerSent(worker.id(), "lost", now)).isEqualTo(1);
  }

  @Test
  void depthsCountThePendingAndSentCallsOfEachWorkerThatHasAny() {
    ClusterWorker busy = worker(BOOT);
    ClusterWorker done = worker(BOOT);
    ClusterWorker idle = worker(BOOT);
    insert(call(busy), now.plusSeconds(1));
    insert(call(busy), now.plusSeconds(2));
    insert(call(busy), now.plusSeconds(3));
    claim(busy, 1);
    WorkerCall answered = insert(call(done));
    claim(done, 1);
    calls().answer(answered.id(), done.id(), "ok", now);

    assertThat(calls().depths().get(busy.id())).isEqualTo(new Depth(2, 1));
    assertThat(calls().depths()).doesNotContainKeys(done.id(), idle.id());
  }

  @Test
  void aDeletedCallIsGoneWhateverItsState() {
    ClusterWorker worker = worker(BOOT);
    WorkerCall answered = insert(call(worker), now.plusSeconds(1));
    claim(worker, 1);
    calls().answer(answered.id(), worker.id(), "ok", now);
    WorkerCall pending = insert(call(worker), now.plusSeconds(2));

    calls().delete(answered.id());
    calls().delete(pending.id());
    calls().delete(UUID.randomUUID());

    assertThat(calls().response(answered.id())).isEmpty();
    assertThat(claim(worker, 10)).isEmpty();
    assertThat(calls().depths()).doesNotContainKey(worker.id());
  }

  @Test
  void callsCreatedBeforeTheCutoffGoWhateverTheirStateAndTheRestStay() {
    Instant cutoff = now.minus(Duration.ofHours(11));
    ClusterWorker worker = worker(BOOT);
    WorkerCall oldAnswered = insert(call(worker), cutoff.minusSeconds(20));
    claim(worker, 1);
    calls().answer(oldAnswered.id(), worker.id(), "ok", now);
    insert(call(worker), cutoff.minusSeconds(10));
    WorkerCall atCutoff = insert(call(worker), cutoff);

    assertThat(calls().deleteOlderThan(cutoff)).isEqualTo(2);

    assertThat(calls().response(oldAnswered.id())).isEmpty();
    assertThat(claim(worker, 10)).containsExactly(atCutoff);
  }

  @Test
  void aDeletedWorkersCallsGoWithIt() {
    ClusterWorker worker = worker(BOOT);
    WorkerCall sent = insert(call(worker), now.plusSeconds(1));
    claim(worker, 1);
    insert(call(worker), now.plusSeconds(2));

    workers().delete(worker.name());

    assertThat(calls().depths()).doesNotContainKey(worker.id());
    assertThat(calls().answer(sent.id(), worker.id(), "late", now)).isFalse();
  }

  @Test
  void aCallForAnUnknownWorkerIsRefused() {
    UUID unknown = UUID.randomUUID();

    assertThatThrownBy(() -> calls().insert(new WorkerCall(UUID.randomUUID(), unknown, "t", null, "LIST", "{}"), now))
        .isInstanceOf(RuntimeException.class);

    assertThat(calls().depths()).doesNotContainKey(unknown);
  }

  /** A registered worker; seen once with {@code boot} unless that is {@code null}. */
  private ClusterWorker worker(String boot) {
    String name = "w-" + UUID.randomUUID().toString().substring(0, 8);
    ClusterWorker worker = new ClusterWorker(UUID.randomUUID(), name, UUID.randomUUID(), "tdm_w", "admin", now, null,
        null, null);
    assertThat(workers().insert(worker)).isTrue();
    if (boot != null) {
      workers().seen(worker.id(), "1.0", boot, now);
    }
    return worker;
  }

  private static WorkerCall call(ClusterWorker worker) {
    return new WorkerCall(UUID.randomUUID(), worker.id(), "cluster", "apps", "APPLY", "{\"n\": \"" + UUID.randomUUID()
        + "\"}");
  }

  private WorkerCall insert(WorkerCall call) {
    return insert(call, now);
  }

  private WorkerCall insert(WorkerCall call, Instant at) {
    calls().insert(call, at);
    return call;
  }

  private List<WorkerCall> claim(ClusterWorker worker, int limit) {
    return calls().claim(worker.id(), BOOT, limit, now);
  }
}
