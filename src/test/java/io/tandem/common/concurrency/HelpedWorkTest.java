package io.tandem.common.concurrency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class HelpedWorkTest {

  @Test
  void theResultsKeepTheItemsOrder() {
    try (HelpedWork work = new HelpedWork("test-", 3)) {
      List<Integer> items = IntStream.range(0, 500).boxed().toList();

      assertThat(work.map(items, i -> i * 2)).isEqualTo(items.stream().map(i -> i * 2).toList());
    }
  }

  @Test
  void theHelpersWorkBesideTheCaller() throws Exception {
    try (HelpedWork work = new HelpedWork("test-", 2)) {
      // after the caller's first, three items that each wait for the other two: done only when three threads take
      // them at once
      CyclicBarrier all = new CyclicBarrier(3);
      Set<String> threads = ConcurrentHashMap.newKeySet();

      List<String> done = work.map(List.of(1, 2, 3, 4), i -> {
        threads.add(Thread.currentThread().getName());
        if (i > 1) {
          await(all);
        }
        return "done";
      });

      assertThat(done).containsOnly("done");
      assertThat(threads).hasSize(3).contains(Thread.currentThread().getName());
    }
  }

  @Test
  void theCallerDoesTheFirstItemBeforeAnyHelperJoins() {
    try (HelpedWork work = new HelpedWork("test-", 3)) {
      AtomicInteger started = new AtomicInteger();

      List<String> firstOnes = work.map(IntStream.range(0, 50).boxed().toList(), i -> {
        int order = started.getAndIncrement();
        return i == 0 ? order + " " + Thread.currentThread().getName() : "";
      });

      assertThat(firstOnes.get(0)).isEqualTo("0 " + Thread.currentThread().getName());
    }
  }

  @Test
  void aCallerGoesOnAloneWhileEveryHelperIsBusyWithAnother() throws Exception {
    try (HelpedWork work = new HelpedWork("test-", 1)) {
      CountDownLatch release = new CountDownLatch(1);
      CountDownLatch helperBusy = new CountDownLatch(1);
      // the other call's helper holds the pool's one thread; its caller waits for that before it goes on
      Thread other = new Thread(() -> work.map(List.of(0, 1, 2), i -> {
        if (Thread.currentThread().getName().startsWith("test-")) {
          helperBusy.countDown();
          await(release);
        } else if (i > 0) {
          await(helperBusy);
        }
        return i;
      }));
      other.start();
      assertThat(helperBusy.await(5, TimeUnit.SECONDS)).isTrue();

      assertThat(work.map(List.of(1, 2, 3), i -> i + 1)).containsExactly(2, 3, 4);

      release.countDown();
      other.join(5_000);
    }
  }

  @Test
  void aFailingItemStopsTheRestAndIsThrownToTheCaller() {
    try (HelpedWork work = new HelpedWork("test-", 0)) {
      AtomicInteger ran = new AtomicInteger();

      assertThatThrownBy(() -> work.map(List.of(1, 2, 3, 4), i -> {
        ran.incrementAndGet();
        if (i == 2) {
          throw new IllegalStateException("item 2");
        }
        return i;
      })).isInstanceOf(IllegalStateException.class).hasMessage("item 2");
      assertThat(ran).hasValue(2);
    }
  }

  @Test
  void noHelpersNeedNoPool() {
    try (HelpedWork work = new HelpedWork("test-", 0)) {
      assertThat(work.map(List.of("a", "b"), s -> Thread.currentThread().getName()))
          .containsOnly(Thread.currentThread().getName());
      assertThat(work.map(List.<String>of(), s -> s)).isEmpty();
    }
  }

  private static void await(CyclicBarrier barrier) {
    try {
      barrier.await(5, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException("the other items were not taken at the same time", e);
    }
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
