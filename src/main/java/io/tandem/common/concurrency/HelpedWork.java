package io.tandem.common.concurrency;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.IntConsumer;

/**
 * Works through a list on the calling thread, joined by up to {@code helpers} threads of a pool that every caller
 * shares; each takes the next item until none is left, and the results keep the list's order.
 *
 * <p>The caller always works, so a call goes on even while every helper is busy with other calls, and a helper that
 * comes free only after the list is done leaves at once. The caller does the first item before any helper joins:
 * a request's first write runs on the request's own thread. Helpers do not inherit the caller's thread-locals (its
 * security context, its request), so a task takes what it needs as arguments.
 */
public final class HelpedWork implements AutoCloseable {

  private final int helpers;
  private final ExecutorService pool;

  /** @param helpers how many threads may join a caller; 0 works every list on its caller's thread alone */
  public HelpedWork(String threadPrefix, int helpers) {
    if (helpers < 0) {
      throw new IllegalArgumentException("helpers must not be negative: " + helpers);
    }
    this.helpers = helpers;
    AtomicInteger count = new AtomicInteger();
    this.pool = helpers == 0 ? null : Executors.newFixedThreadPool(helpers, runnable -> {
      Thread thread = new Thread(runnable, threadPrefix + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    });
  }

  /**
   * {@code task} applied to every item, in the items' order. When a task throws, no further item is started and the
   * first exception is thrown here once every helper has left.
   */
  public <T, R> List<R> map(List<T> items, Function<? super T, ? extends R> task) {
    Object[] results = new Object[items.size()];
    Share share = new Share();
    AtomicInteger next = new AtomicInteger();
    IntConsumer one = i -> {
      try {
        results[i] = task.apply(items.get(i));
      } catch (RuntimeException | Error e) {
        share.failed(e);
        next.set(items.size());
      }
    };
    Runnable work = () -> {
      for (int i = next.getAndIncrement(); i < items.size(); i = next.getAndIncrement()) {
        one.accept(i);
      }
    };
    if (!items.isEmpty()) {
      one.accept(next.getAndIncrement());
    }
    for (int i = 0; i < Math.min(helpers, items.size() - 1); i++) {
      pool.execute(() -> {
        if (share.join()) {
          try {
            work.run();
          } finally {
            share.leave();
          }
        }
      });
    }
    work.run();
    share.closeAndAwait();
    @SuppressWarnings("unchecked")
    List<R> list = (List<R>) Arrays.asList(results);
    return list;
  }

  @Override
  public void close() {
    if (pool != null) {
      pool.shutdown();
      try {
        pool.awaitTermination(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * The helpers of one call: which are at work, and whether the call still takes more. Leaving under the same lock the
   * caller waits on makes every result a helper wrote visible to the caller.
   */
  private static final class Share {

    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private int working;
    private boolean closed;

    synchronized boolean join() {
      if (closed) {
        return false;
      }
      working++;
      return true;
    }

    synchronized void leave() {
      working--;
      notifyAll();
    }

    void failed(Throwable e) {
      failure.compareAndSet(null, e);
    }

    /** No helper joins after this; waits (not interruptibly: each item is short) for those at work. */
    synchronized void closeAndAwait() {
      closed = true;
      boolean interrupted = false;
      while (working > 0) {
        try {
          wait();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
      Throwable e = failure.get();
      if (e instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (e instanceof Error error) {
        throw error;
      }
    }
  }
}
