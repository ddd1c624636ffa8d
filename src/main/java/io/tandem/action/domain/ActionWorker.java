package io.tandem.action.domain;

import io.tandem.replica.ReplicaProperties;
import io.tandem.replica.domain.Leases;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.stereotype.Component;

/**
 * Runs queued actions inside the server: a few threads claim actions from {@link ActionQueue}, renew their lease
 * while they work, and record the outcome. Several servers on one database share the queue safely.
 *
 * <p>The workers start with the context's lifecycle (the sandbox is registered by then) and stop with it: they stop
 * claiming, and the actions they run are given {@code tandem.worker.stop-grace} to finish while the database, the
 * clusters' clients and the sandbox are all still there, in a phase after the web server has drained its requests
 * (which may wait for actions) and before any bean is destroyed. An action still running after that is interrupted
 * and left to its lease, as after a crash. A stopped context (a test context that is paused) starts them again.
 */
@Component
public class ActionWorker implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(ActionWorker.class);
  private static final long IDLE_POLL_MS = 200;
  /** Lower phases stop later; the web server's graceful shutdown runs at {@code DEFAULT_PHASE - 1024}. */
  public static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 4096;

  private final ActionQueue queue;
  private final Map<UnitAction.Kind, ActionHandler> handlers = new EnumMap<>(UnitAction.Kind.class);
  private final String owner = "worker-" + UUID.randomUUID();
  private final Duration lease;
  private final int threads;
  private final int perTarget;
  private final boolean enabled;
  private ExecutorService pool;
  private ScheduledExecutorService heartbeats;
  private final Duration stopGrace;
  private volatile boolean running;
  private volatile boolean databaseUnavailable;
  /** Set once the stop grace has run out and running actions are interrupted. */
  private volatile boolean abandoning;

  private final Leases replica;
  private final Duration livePeriod;
  private final Duration handoff;

  ActionWorker(
      ActionQueue queue,
      List<ActionHandler> handlers,
      ActionWorkerProperties settings,
      Leases replica,
      ReplicaProperties replicas) {
    this.queue = queue;
    this.replica = replica;
    this.livePeriod = replicas.leasePeriod();
    this.handoff = settings.handoff();
    handlers.forEach(handler -> this.handlers.put(handler.kind(), handler));
    this.lease = settings.lease();
    this.threads = settings.threads();
    this.perTarget = Math.max(1, settings.perTarget());
    this.enabled = settings.enabled();
    this.stopGrace = settings.stopGrace();
  }

  @Override
  public synchronized void start() {
    if (!enabled) {
      log.info("Action workers are disabled on this server");
      return;
    }
    if (running) {
      return;
    }
    pool = Executors.newFixedThreadPool(Math.max(1, threads), daemon("action-worker"));
    heartbeats = Executors.newSingleThreadScheduledExecutor(daemon("action-lease"));
    abandoning = false;
    running = true;
    for (int i = 0; i < threads; i++) {
      pool.execute(this::loop);
    }
  }

  @Override
  public int getPhase() {
    return PHASE;
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  @Override
  public synchronized void stop() {
    if (!running) {
      return;
    }
    running = false;
    pool.shutdown();
    try {
      if (!pool.awaitTermination(stopGrace.toMillis(), TimeUnit.MILLISECONDS)) {
        log.info("Actions still running after {}; interrupting them, their leases hand them on", stopGrace);
        abandoning = true;
        pool.shutdownNow();
        pool.awaitTermination(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      abandoning = true;
      pool.shutdownNow();
      Thread.currentThread().interrupt();
    } finally {
      heartbeats.shutdownNow();
    }
  }

  private void loop() {
    while (running) {
      try {
        Optional<UnitAction> claimed = queue.claim(owner, replica.id(), lease, handoff, perTarget);
        databaseReachable();
        if (claimed.isEmpty()) {
          Thread.sleep(IDLE_POLL_MS);
          continue;
        }
        execute(claimed.get());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (DataAccessResourceFailureException | TransientDataAccessException e) {
        databaseUnreachable(e);
        sleepQuietly();
      } catch (RuntimeException e) {
        log.warn("Action worker loop failed; retrying", e);
        sleepQuietly();
      }
    }
  }

  /** A database that cannot be reached is an expected condition: one line when it goes, one when it is back. */
  private void databaseUnreachable(DataAccessException e) {
    if (!databaseUnavailable) {
      databaseUnavailable = true;
      log.warn("Action workers cannot reach the database ({}); retrying every second", e.getMostSpecificCause().getMessage());
    }
  }

  private void databaseReachable() {
    if (databaseUnavailable) {
      databaseUnavailable = false;
      log.info("Action workers reach the database again");
    }
  }

  private void execute(UnitAction action) {
    ScheduledFuture<?> heartbeat =
        heartbeats.scheduleAtFixedRate(
            () -> queue.renew(action.id(), owner, lease), lease.toMillis() / 3, lease.toMillis() / 3, TimeUnit.MILLISECONDS);
    UnitAction.Outcome outcome;
    try {
      ActionHandler handler = handlers.get(action.action());
      outcome =
          handler == null
              ? UnitAction.Outcome.failed(ActionResult.failed(action.action()), action.action() + " is not supported by this server yet.")
              : handler.run(action);
    } catch (RuntimeException e) {
      if (abandoning) {
        abandoned(action);
        return;
      }
      log.error("Action {} ({} of {}/{}) failed unexpectedly", action.id(), action.action(), action.space(), action.unit(), e);
      outcome = UnitAction.Outcome.failed(ActionResult.failed(action.action()), "The action failed unexpectedly; see the server log.");
    } finally {
      heartbeat.cancel(false);
    }
    if (abandoning) {
      abandoned(action); // whatever it returned, it was cut short
      return;
    }
    if (outcome.unreachable() && queue.leave(action.id(), owner, replica.id(), leftMessage(outcome), livePeriod, handoff)) {
      log.info("Action {} ({} of {}/{}) left for another server: {}", action.id(), action.action(), action.space(),
          action.unit(), outcome.message());
      return;
    }
    if (outcome.status() == UnitAction.Status.Running) {
      if (!queue.park(action.id(), owner, outcome.message())) {
        log.warn("Action {} was taken over by another worker before it could wait here", action.id());
      }
      return;
    }
    if (!queue.finish(action.id(), owner, outcome)) {
      log.warn("Action {} was taken over by another worker before it finished here", action.id());
    }
  }

  private String leftMessage(UnitAction.Outcome outcome) {
    return "Waiting for another server: " + replica.describe() + " could not reach the target (" + outcome.message() + ")";
  }

  private static void abandoned(UnitAction action) {
    log.info("Action {} ({} of {}/{}) was interrupted by the shutdown; it runs again once its lease has expired",
        action.id(), action.action(), action.space(), action.unit());
  }

  private static void sleepQuietly() {
    try {
      Thread.sleep(1000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static ThreadFactory daemon(String name) {
    return runnable -> {
      Thread thread = new Thread(runnable, name);
      thread.setDaemon(true);
      return thread;
    };
  }
}
