package io.tandem.workers.domain;

import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;

/**
 * The calls between sessions on worker-connected targets and their workers, through PostgreSQL, so that a session on
 * one replica reaches a worker polling another. A session's call waits for its response; a worker's poll waits for
 * calls. Each wakes at once for what happens on its own replica, and looks at the database every
 * {@link #RECHECK} for what happens on another.
 */
@Service
public class WorkerCalls {

  static final Duration RECHECK = Duration.ofMillis(100);
  /** How often a waiting call looks whether its worker still asks for work. */
  static final Duration LIVENESS = Duration.ofSeconds(2);
  /** Calls a worker fetches at once. */
  static final int BATCH = 16;

  private static final Logger log = LoggerFactory.getLogger(WorkerCalls.class);

  private final WorkerCallStore store;
  private final Clock clock;
  /** One monitor per worker: notified when a call for it is queued here. */
  private final Map<UUID, Object> queued = new ConcurrentHashMap<>();
  /** One monitor per waiting call: notified when its response arrives here. */
  private final Map<UUID, Object> answered = new ConcurrentHashMap<>();

  WorkerCalls(WorkerCallStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
  }

  /**
   * Asks the worker and waits for its response, at most {@code timeout} and while {@code connected} says the worker
   * still asks for work; empty when none came (the call is withdrawn then, so a worker that fetches it later does
   * nothing).
   */
  public Optional<String> call(ClusterWorker worker, String target, String namespace, String operation, String request,
      Duration timeout, BooleanSupplier connected) {
    WorkerCall call = new WorkerCall(UUID.randomUUID(), worker.id(), target, namespace, operation, request);
    Object monitor = new Object();
    answered.put(call.id(), monitor);
    try {
      store.insert(call, clock.instant());
      wake(queued.get(worker.id()));
      long deadline = System.nanoTime() + timeout.toNanos();
      long nextLivenessCheck = System.nanoTime() + LIVENESS.toNanos();
      while (true) {
        Optional<String> response = store.response(call.id());
        if (response.isPresent() || System.nanoTime() - deadline > 0) {
          return response;
        }
        if (System.nanoTime() - nextLivenessCheck > 0) {
          if (!connected.getAsBoolean()) {
            return Optional.empty(); // a worker that stopped asking for work will not answer
          }
          nextLivenessCheck = System.nanoTime() + LIVENESS.toNanos();
        }
        if (!await(monitor, Math.min(RECHECK.toNanos(), deadline - System.nanoTime()))) {
          return Optional.empty();
        }
      }
    } finally {
      answered.remove(call.id());
      store.delete(call.id());
    }
  }

  /**
   * The worker's pending calls, waiting for some at most {@code wait}; empty when none came. A poll of an earlier start
   * than the worker's latest ({@code boot}) takes none: its worker is gone, and would never answer them.
   *
   * @param holding the calls the worker has and has not answered yet, or {@code null} when it does not say: a call
   *     sent to it and not among them was lost on the way (the poll's answer, or the worker's), and is sent again
   */
  public List<WorkerCall> poll(ClusterWorker worker, String boot, Collection<UUID> holding, Duration wait) {
    if (holding != null) {
      int lost = store.resendLost(worker.id(), boot, holding);
      if (lost > 0) {
        log.info("Worker '{}' does not hold {} call(s) sent to it (lost on the way); sending them again",
            worker.name(), lost);
      }
    }
    Object monitor = queued.computeIfAbsent(worker.id(), id -> new Object());
    long deadline = System.nanoTime() + wait.toNanos();
    while (true) {
      List<WorkerCall> calls = store.claim(worker.id(), boot, BATCH, clock.instant());
      if (!calls.isEmpty() || System.nanoTime() - deadline > 0) {
        return calls;
      }
      if (!await(monitor, Math.min(RECHECK.toNanos(), deadline - System.nanoTime()))) {
        return List.of();
      }
    }
  }

  /** Records the worker's response to a call it was sent; {@code false} when the call is no longer waiting. */
  public boolean answer(ClusterWorker worker, UUID callId, String response) {
    boolean recorded = store.answer(callId, worker.id(), response, clock.instant());
    if (recorded) {
      wake(answered.get(callId));
    }
    return recorded;
  }

  /** Calls whose askers gave up more than a day ago (a replica that stopped while waiting) go. */
  @Scheduled(fixedDelayString = "PT1H", initialDelayString = "PT1M")
  void deleteAbandoned() {
    store.deleteOlderThan(clock.instant().minus(Duration.ofDays(1)));
  }

  private static void wake(Object monitor) {
    if (monitor != null) {
      synchronized (monitor) {
        monitor.notifyAll();
      }
    }
  }

  /** Waits on the monitor up to {@code nanos}; {@code false} when interrupted (the interrupt is kept). */
  private static boolean await(Object monitor, long nanos) {
    if (nanos <= 0) {
      return true;
    }
    synchronized (monitor) {
      try {
        TimeUnit.NANOSECONDS.timedWait(monitor, nanos);
        return true;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
  }
}
