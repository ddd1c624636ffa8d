package io.tandem.support;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntFunction;

/**
 * Calls made at the same moment from threads of their own, for what a store promises under concurrency (compare-and-
 * swap, claim once). The threads wait at a barrier, so the calls overlap as closely as the machine lets them.
 */
public final class Concurrently {

  private Concurrently() {}

  /**
   * Runs {@code task(0)} … {@code task(callers - 1)} together; their results in that order.
   *
   * @throws IllegalStateException when one of them failed (with its exception as the cause) or took over 30 s
   */
  public static <T> List<T> run(int callers, IntFunction<T> task) {
    CyclicBarrier start = new CyclicBarrier(callers);
    // daemons: a call that never returns must not keep the test JVM alive
    ExecutorService threads = Executors.newFixedThreadPool(callers, runnable -> {
      Thread thread = new Thread(runnable, "concurrently");
      thread.setDaemon(true);
      return thread;
    });
    try {
      List<Future<T>> futures = new ArrayList<>();
      for (int i = 0; i < callers; i++) {
        int caller = i;
        futures.add(threads.submit(() -> {
          start.await(10, TimeUnit.SECONDS);
          return task.apply(caller);
        }));
      }
      List<T> results = new ArrayList<>();
      for (Future<T> future : futures) {
        results.add(future.get(30, TimeUnit.SECONDS));
      }
      return results;
    } catch (ExecutionException e) {
      throw new IllegalStateException("a concurrent call failed", e.getCause());
    } catch (TimeoutException e) {
      throw new IllegalStateException("a concurrent call took over 30 s", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } finally {
      threads.shutdownNow();
    }
  }
}
