package io.tandem.common.web;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The web server's request threads, as many as there are turns ({@link AdmissionProperties}): requests queue in
 * arrival order before a thread takes them, and a thread that finishes one takes the next without handing over to
 * another. Turns taken in a filter instead cost a parked thread per waiting request and a hand-over per request
 * (measured: a third more CPU per GET under load).
 *
 * <p>A request leaves its turn with {@link #leaveTurn()} when it is about to spend its time waiting rather than
 * working; the pool then runs one request more until it ends. A request queued for longer than {@code max-wait} also
 * runs beyond the turns, counted in {@code tandem.admission.overflows}, so requests that block on something else (a
 * slow cluster) cannot stop the others for longer than that. Neither grows the threads past {@code max-threads}.
 */
final class AdmissionExecutor implements Executor, AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(AdmissionExecutor.class);
  private static final ThreadLocal<Request> CURRENT = new ThreadLocal<>();

  private final int turns;
  private final int maxThreads;
  private final long maxWaitNanos;
  private final ThreadPoolExecutor pool;
  private final ScheduledExecutorService overdue;
  private final Counter overflows;
  private final Timer waits;
  private int beyondTurns; // guarded by this: requests running that hold no turn

  AdmissionExecutor(AdmissionProperties settings, MeterRegistry meters, String threadPrefix) {
    this.turns = settings.permits();
    this.maxThreads = Math.max(turns, settings.maxThreads());
    this.maxWaitNanos = settings.maxWait().toNanos();
    this.pool = new ThreadPoolExecutor(turns, turns, 10, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
        threads(threadPrefix));
    this.overflows = Counter.builder("tandem.admission.overflows")
        .description("Requests that ran without a turn because none came within tandem.admission.max-wait")
        .register(meters);
    this.waits = Timer.builder("tandem.admission.wait")
        .description("How long requests (and their later steps, such as the end of an event stream) waited for a turn;"
            + " the server's request timings begin after it")
        .register(meters);
    meters.gauge("tandem.admission.waiting", pool, executor -> executor.getQueue().size());
    this.overdue = Executors.newSingleThreadScheduledExecutor(threads(threadPrefix + "overdue-"));
    long every = Math.max(TimeUnit.MILLISECONDS.toNanos(5), maxWaitNanos / 5);
    overdue.scheduleWithFixedDelay(this::runOverdue, every, every, TimeUnit.NANOSECONDS);
  }

  @Override
  public void execute(Runnable work) {
    pool.execute(new Request(work, System.nanoTime()));
  }

  /** Gives the calling request's turn to the next one queued; nothing when the caller holds none. */
  static void leaveTurn() {
    Request request = CURRENT.get();
    if (request != null) {
      request.beyondTurns();
    }
  }

  @Override
  public void close() {
    overdue.shutdownNow();
    pool.shutdown();
  }

  /** Lets each request queued for longer than max-wait run beyond the turns, oldest first. */
  private void runOverdue() {
    try {
      long now = System.nanoTime();
      for (Runnable queued : pool.getQueue()) {
        Request request = (Request) queued;
        if (now - request.queuedAt < maxWaitNanos) {
          return;
        }
        if (request.beyondTurns()) {
          overflows.increment();
        }
      }
    } catch (RuntimeException e) {
      // a scheduled task that throws is never run again: overdue requests would then wait for a turn indefinitely
      log.error("Could not let overdue requests run", e);
    }
  }

  private synchronized boolean grow(Request request) {
    if (request.beyondTurns || turns + beyondTurns >= maxThreads) {
      return false; // at the most threads, a request that leaves keeps counting as a turn, an overdue one waits
    }
    request.beyondTurns = true;
    beyondTurns++;
    // the maximum first: a core size over the maximum is refused; a larger core starts a thread if work is queued
    pool.setMaximumPoolSize(turns + beyondTurns);
    pool.setCorePoolSize(turns + beyondTurns);
    return true;
  }

  private synchronized void ended(Request request) {
    if (request.beyondTurns) {
      beyondTurns--;
      pool.setCorePoolSize(turns + beyondTurns);
      pool.setMaximumPoolSize(turns + beyondTurns);
    }
  }

  private static ThreadFactory threads(String prefix) {
    AtomicInteger count = new AtomicInteger();
    return work -> {
      Thread thread = new Thread(work, prefix + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }

  /**
   * One task of the web server: a request, or the next step of one. It runs beyond the turns once it left its turn
   * or waited too long; whichever thread the pool gave the extra room to, the room goes when this task ends.
   */
  private final class Request implements Runnable {

    private final Runnable work;
    private final long queuedAt;
    private boolean beyondTurns; // guarded by the executor

    Request(Runnable work, long queuedAt) {
      this.work = work;
      this.queuedAt = queuedAt;
    }

    boolean beyondTurns() {
      return grow(this);
    }

    @Override
    public void run() {
      waits.record(System.nanoTime() - queuedAt, TimeUnit.NANOSECONDS);
      CURRENT.set(this);
      try {
        work.run();
      } finally {
        CURRENT.remove();
        ended(this);
      }
    }
  }
}
