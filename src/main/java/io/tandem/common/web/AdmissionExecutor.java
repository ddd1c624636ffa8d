package io.tandem.common.web;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The web server's request threads, which take turns ({@link AdmissionProperties}): requests queue in arrival order,
 * as many run at once as there are turns, and a thread that finishes one takes the next without handing over to
 * another. Turns taken in a filter instead cost a parked thread per waiting request and a hand-over per request
 * (measured: a third more CPU per GET under load).
 *
 * <p>A request leaves its turn with {@link #leaveTurn()} when it is about to spend its time waiting rather than
 * working; the next one queued then takes the turn. A request queued for longer than {@code max-wait} also runs
 * beyond the turns, counted in {@code tandem.admission.overflows}, so requests that block on something else (a slow
 * cluster) cannot stop the others for longer than that. Neither takes the threads past {@code max-threads}.
 *
 * <p>Tomcat reads the next request of a kept-alive connection on the thread that has just answered the last one, in
 * the same task, ahead of everything queued, so a client that sends its next request at once overtakes the queue.
 * Under load that was almost half the requests (GETs at 50 connections), and the others waited the longer for it: the
 * latencies split into fast and slow ones, and the slow ones made the p99. {@link #keepArrivalOrder()} sends such a
 * request to the back of the queue: its thread parks and gives its turn to the next request queued, and takes a turn
 * again when its place comes. The hand-over costs such a request a park and two wake-ups (measured: a tenth more CPU
 * per GET, and a GET p99 down from 32-39 to 19-20 ms).
 */
final class AdmissionExecutor implements Executor, AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(AdmissionExecutor.class);
  private static final ThreadLocal<AdmissionTask> CURRENT = new ThreadLocal<>();

  private final long maxWaitNanos;
  private final TurnQueue turns;
  private final ScheduledExecutorService overdue;
  private final Counter overflows;
  private final Timer waits;

  AdmissionExecutor(AdmissionProperties settings, MeterRegistry meters, String threadPrefix) {
    int permits = settings.permits();
    this.maxWaitNanos = settings.maxWait().toNanos();
    ThreadFactory requestThreads = threads(threadPrefix);
    this.turns = new TurnQueue(permits, Math.max(permits, settings.maxThreads()),
        () -> requestThreads.newThread(this::serve).start());
    this.overflows = Counter.builder("tandem.admission.overflows")
        .description("Requests that ran without a turn because none came within tandem.admission.max-wait")
        .register(meters);
    this.waits = Timer.builder("tandem.admission.wait")
        .description("How long requests (and their later steps, such as the end of an event stream) waited for a turn;"
            + " the server's request timings begin after it")
        .register(meters);
    meters.gauge("tandem.admission.waiting", turns, TurnQueue::length);
    this.overdue = Executors.newSingleThreadScheduledExecutor(threads(threadPrefix + "overdue-"));
    long every = Math.max(TimeUnit.MILLISECONDS.toNanos(5), maxWaitNanos / 5);
    var unused = overdue.scheduleWithFixedDelay(this::runOverdue, every, every, TimeUnit.NANOSECONDS);
  }

  @Override
  public void execute(Runnable work) {
    turns.add(AdmissionTask.of(this, work));
  }

  /** Gives the calling request's turn to the next one queued; nothing when the caller holds none. */
  static void leaveTurn() {
    AdmissionTask task = CURRENT.get();
    if (task != null) {
      task.owner.turns.leaveTurn(task);
    }
  }

  /**
   * Called as each API request starts: one that its task did not bring through the queue (the next request of a
   * kept-alive connection, read on the same thread) waits until the requests queued before it have been taken.
   */
  static void keepArrivalOrder() {
    AdmissionTask task = CURRENT.get();
    if (task != null && task.servedOneAlready()) {
      AdmissionTask place = AdmissionTask.placeFor(task.owner, Thread.currentThread());
      if (task.owner.turns.keepPlace(task, place)) {
        place.awaitTurn();
        task.beyondTurns = place.beyondTurns;
      }
    }
  }

  /** Takes a kept place out of the queue, for a parked thread that goes on early; false when it was taken already. */
  boolean giveUp(AdmissionTask place) {
    return turns.giveUp(place);
  }

  @Override
  public void close() {
    overdue.shutdownNow();
    turns.close();
  }

  /** Lets each request queued for longer than max-wait run beyond the turns, oldest first. */
  private void runOverdue() {
    try {
      overflows.increment(turns.letOverdueRun(System.nanoTime() - maxWaitNanos));
    } catch (RuntimeException e) {
      // a scheduled task that throws is never run again: overdue requests would then wait for a turn indefinitely
      log.error("Could not let overdue requests run", e);
    }
  }

  /** A request thread: takes tasks as their turns come, until the queue lets it end. */
  private void serve() {
    AdmissionTask task = null;
    boolean ended = false;
    try {
      while ((task = turns.next(task)) != null) {
        waits.record(System.nanoTime() - task.queuedAt, TimeUnit.NANOSECONDS);
        if (task.isPlaceKept()) {
          task.letWaiterGo(); // the turn taken for the place is now its parked thread's
          task = null;
        } else {
          run(task);
        }
      }
      ended = true;
    } finally {
      if (!ended) {
        turns.lost(task); // an Error out of a task: the thread ends, its turn goes on to the next
      }
    }
  }

  private static void run(AdmissionTask task) {
    CURRENT.set(task);
    try {
      task.work.run();
    } catch (RuntimeException e) {
      log.error("A request task failed", e); // Tomcat's tasks catch their own: this is a bug
    } finally {
      CURRENT.remove();
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
}
