package io.tandem.worker;

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
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Runs queued actions inside the server: a few threads claim actions from {@link ActionQueue}, renew their lease
 * while they work, and record the outcome. Several servers on one database share the queue safely.
 */
@Component
public class ActionWorker implements DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(ActionWorker.class);
  private static final long IDLE_POLL_MS = 200;

  private final ActionQueue queue;
  private final Map<UnitAction.Kind, ActionHandler> handlers = new EnumMap<>(UnitAction.Kind.class);
  private final String owner = "worker-" + UUID.randomUUID();
  private final Duration lease;
  private final int threads;
  private final boolean enabled;
  private final ExecutorService pool;
  private final ScheduledExecutorService heartbeats;
  private volatile boolean running = true;

  ActionWorker(
      ActionQueue queue,
      List<ActionHandler> handlers,
      @Value("${tandem.worker.lease:60s}") Duration lease,
      @Value("${tandem.worker.threads:2}") int threads,
      @Value("${tandem.worker.enabled:true}") boolean enabled) {
    this.queue = queue;
    handlers.forEach(handler -> this.handlers.put(handler.kind(), handler));
    this.lease = lease;
    this.threads = threads;
    this.enabled = enabled;
    this.pool = Executors.newFixedThreadPool(Math.max(1, threads), daemon("action-worker"));
    this.heartbeats = Executors.newSingleThreadScheduledExecutor(daemon("action-lease"));
  }

  @EventListener(ApplicationReadyEvent.class)
  void start() {
    if (!enabled) {
      log.info("Action workers are disabled on this server");
      return;
    }
    for (int i = 0; i < threads; i++) {
      pool.submit(this::loop);
    }
  }

  private void loop() {
    while (running) {
      try {
        Optional<UnitAction> claimed = queue.claim(owner, lease);
        if (claimed.isEmpty()) {
          Thread.sleep(IDLE_POLL_MS);
          continue;
        }
        execute(claimed.get());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (RuntimeException e) {
        if (running) {
          log.warn("Action worker loop failed; retrying", e);
          sleepQuietly();
        }
      }
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
              ? UnitAction.Outcome.failed(action.action() + "Failed", action.action() + " is not supported by this server yet.")
              : handler.run(action);
    } catch (RuntimeException e) {
      log.error("Action {} ({} of {}/{}) failed unexpectedly", action.id(), action.action(), action.space(), action.unit(), e);
      outcome = UnitAction.Outcome.failed(action.action() + "Failed", "The action failed unexpectedly; see the server log.");
    } finally {
      heartbeat.cancel(false);
    }
    if (!queue.finish(action.id(), owner, outcome)) {
      log.warn("Action {} was taken over by another worker before it finished here", action.id());
    }
  }

  private static void sleepQuietly() {
    try {
      Thread.sleep(1000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static java.util.concurrent.ThreadFactory daemon(String name) {
    return runnable -> {
      Thread thread = new Thread(runnable, name);
      thread.setDaemon(true);
      return thread;
    };
  }

  @Override
  public void destroy() throws InterruptedException {
    running = false;
    pool.shutdownNow();
    heartbeats.shutdownNow();
    pool.awaitTermination(5, TimeUnit.SECONDS);
  }
}
