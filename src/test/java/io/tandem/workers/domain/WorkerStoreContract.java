package io.tandem.workers.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.support.Concurrently;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What every {@link WorkerStore} does: {@link InMemoryWorkerStoreTest} runs it on the fake, {@code JdbcWorkerStoreIT}
 * on PostgreSQL (the pattern is described on {@code TargetGrantStoreContract}). Names are unique to each test, since
 * the JDBC run shares its database; times are to the microsecond, as PostgreSQL keeps them.
 */
public abstract class WorkerStoreContract {

  private static final Instant CREATED = Instant.parse("2025-03-01T10:15:30.123456Z");

  private final String suffix = UUID.randomUUID().toString().substring(0, 8);

  protected abstract WorkerStore store();

  @Test
  void aWorkerComesBackAsInsertedAndNotYetSeen() {
    ClusterWorker worker = worker("a");

    assertThat(store().insert(worker)).isTrue();

    assertThat(store().find(worker.name())).contains(worker);
  }

  @Test
  void aTakenNameIsRefusedAndTheWorkerWithItStays() {
    ClusterWorker first = worker("a");
    store().insert(first);

    assertThat(store().insert(worker("a"))).isFalse();

    assertThat(store().find(first.name())).contains(first);
  }

  @Test
  void anUnknownNameFindsNothing() {
    assertThat(store().find(name("nobody"))).isEmpty();
  }

  @Test
  void workersListByName() {
    ClusterWorker c = worker("c");
    ClusterWorker a = worker("a");
    ClusterWorker b = worker("b");
    List.of(c, a, b).forEach(store()::insert);

    assertThat(store().list()).filteredOn(worker -> worker.name().endsWith(suffix)).containsExactly(a, b, c);
  }

  @Test
  void aSightingRecordsItsTimeVersionAndStart() {
    ClusterWorker worker = worker("a");
    store().insert(worker);
    Instant at = CREATED.plusSeconds(5);

    store().seen(worker.id(), "1.4.2", "boot-1", at);

    assertThat(store().find(worker.name())).contains(new ClusterWorker(worker.id(), worker.name(), worker.tokenId(),
        worker.tokenPrefix(), worker.createdBy(), worker.createdAt(), at, "1.4.2", "boot-1"));
  }

  /** The first start is no restart; after it, a start other than the last one seen is. */
  @Test
  void onlyAStartOtherThanTheLastOneSeenIsARestart() {
    ClusterWorker worker = worker("a");
    store().insert(worker);

    assertThat(store().seen(worker.id(), "1.0", "boot-1", CREATED.plusSeconds(1))).as("first start").isFalse();
    assertThat(store().seen(worker.id(), "1.0", "boot-1", CREATED.plusSeconds(2))).as("same start").isFalse();
    assertThat(store().seen(worker.id(), "1.1", "boot-2", CREATED.plusSeconds(3))).as("new start").isTrue();
    assertThat(store().seen(worker.id(), "1.1", "boot-2", CREATED.plusSeconds(4))).as("same again").isFalse();
    assertThat(store().seen(worker.id(), "1.0", "boot-1", CREATED.plusSeconds(5))).as("the old one back").isTrue();
  }

  @Test
  void aSightingOfAnUnknownWorkerIsNoRestartAndWritesNothing() {
    UUID unknown = UUID.randomUUID();

    assertThat(store().seen(unknown, "1.0", "boot-1", CREATED)).isFalse();

    assertThat(store().list()).noneMatch(worker -> worker.id().equals(unknown));
  }

  /**
   * A new start's polls can overlap: one of them reports the restart, so that the calls sent to the start before are
   * failed once, and none that the new start has taken meanwhile. The race shows only in some rounds, hence 25.
   */
  @Test
  void ofConcurrentSightingsOfOneNewStartExactlyOneIsTheRestart() {
    for (int round = 0; round < 25; round++) {
      ClusterWorker worker = worker("r" + round);
      store().insert(worker);
      store().seen(worker.id(), "1.0", "old", CREATED);

      List<Boolean> restarts = Concurrently.run(8, caller ->
          store().seen(worker.id(), "1.0", "new", CREATED.plusSeconds(caller + 1)));

      assertThat(restarts).as("round %d", round).containsOnlyOnce(true);
    }
  }

  @Test
  void deletingAWorkerFreesItsNameAndSaysWhetherThereWasOne() {
    ClusterWorker worker = worker("a");
    store().insert(worker);

    assertThat(store().delete(worker.name())).isTrue();
    assertThat(store().delete(worker.name())).isFalse();

    assertThat(store().find(worker.name())).isEmpty();
    ClusterWorker successor = worker("a");
    assertThat(store().insert(successor)).isTrue();
    assertThat(store().find(worker.name())).contains(successor);
  }

  private String name(String prefix) {
    return prefix + "-" + suffix;
  }

  private ClusterWorker worker(String prefix) {
    return new ClusterWorker(UUID.randomUUID(), name(prefix), UUID.randomUUID(), "tdm_" + prefix, "admin", CREATED,
        null, null, null);
  }
}
