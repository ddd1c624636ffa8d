package io.tandem.targets.domain;

import io.tandem.replica.domain.LeasedWork;
import io.tandem.replica.domain.Leases;
import io.tandem.targets.TargetProperties;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.FixedDelayTask;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * Checks every target periodically, each on its own thread with short timeouts, so one slow or unreachable cluster
 * never delays the others. One replica checks them all: the holder of the lease {@code job:target-health}.
 */
@Component
class TargetHealthChecks implements DisposableBean, SchedulingConfigurer, LeasedWork {

  private static final Logger log = LoggerFactory.getLogger(TargetHealthChecks.class);

  private final TargetStore store;
  private final TargetService targets;
  private final ClusterClient cluster;
  private static final String LEASE = LeasedWork.job("target-health");

  private final Duration interval;
  private final Leases leases;
  private final ExecutorService executor =
      Executors.newFixedThreadPool(4, runnable -> {
        Thread thread = new Thread(runnable, "target-health");
        thread.setDaemon(true);
        return thread;
      });

  TargetHealthChecks(TargetStore store, TargetService targets, ClusterClient cluster, Leases leases,
      TargetProperties settings) {
    this.leases = leases;
    this.store = store;
    this.targets = targets;
    this.cluster = cluster;
    this.interval = settings.healthInterval();
  }

  @Override
  public void configureTasks(ScheduledTaskRegistrar registrar) {
    registrar.addFixedDelayTask(new FixedDelayTask(this::checkAll, interval, interval));
  }

  @Override
  public Collection<String> leaseNames() {
    return List.of(LEASE);
  }

  void checkAll() {
    if (!leases.holds(LEASE)) {
      return;
    }
    for (TargetStore.Stored stored : store.all()) {
      if (!submit(stored.target().slug())) {
        return;
      }
    }
  }

  /** Checks the target on a thread of the pool; false when the pool no longer takes work (shutting down). */
  private boolean submit(String slug) {
    try {
      executor.execute(() -> {
        try {
          targets.check(slug);
        } catch (RuntimeException e) {
          log.warn("Health check of target {} failed: {}", slug, cluster.describe(e));
        }
      });
      return true;
    } catch (RejectedExecutionException shuttingDown) {
      return false;
    }
  }

  /**
   * A worker that connects: the targets it serves are checked at once rather than at the next interval, on whichever
   * replica the worker asked (a check records the latest health, so one more is harmless). After the commit, so that
   * the check finds the worker connected.
   */
  @TransactionalEventListener(fallbackExecution = true)
  void workerConnected(WorkerClusters.Connected connected) {
    targets.reachedThrough(connected.worker()).forEach(this::submit);
  }

  /**
   * First thing at shutdown: checks that run are let finish, none start. A check cut short, or one of the sandbox
   * while it stops, would record a healthy target as unreachable.
   */
  @EventListener(ContextClosedEvent.class)
  void closing() throws InterruptedException {
    executor.shutdown();
    executor.awaitTermination(15, TimeUnit.SECONDS);
  }

  @Override
  public void destroy() {
    executor.shutdownNow();
  }
}
