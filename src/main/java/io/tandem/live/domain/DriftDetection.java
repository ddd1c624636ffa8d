package io.tandem.live.domain;

import io.tandem.action.domain.RefreshQueue;
import io.tandem.live.LiveProperties;
import io.tandem.replica.domain.Leases;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.FixedDelayTask;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;

/**
 * Periodic drift detection: every interval (with up to 10% jitter, so replicas drift apart), a background refresh
 * is queued for every applied unit that has no open action, except those the running watches vouch for ({@link
 * LiveWatches#unchanged}: nothing of theirs changed since they were last observed, nothing drifted, held or missing);
 * the workers run them, and each acts by its unit's drift mode. So with watches on, a pass reads only what moved
 * while its watch missed it (an event that came while the unit's action ran) and what no watch covers. Each replica queues them for the targets whose lease it holds, so each target is refreshed by one; a unit
 * with an open action is skipped, so none is refreshed twice at once.
 */
@Component
class DriftDetection implements SchedulingConfigurer {

  private static final Logger log = LoggerFactory.getLogger(DriftDetection.class);

  private final RefreshQueue queue;
  private final boolean enabled;
  private final int batch;
  private final Duration interval;
  private final Leases leases;
  private final LiveWatches watches;
  private final boolean watching;
  private final LiveStore live;

  DriftDetection(
      RefreshQueue queue, Leases leases, LiveWatches watches, LiveStore live, LiveProperties settings) {
    this.leases = leases;
    this.watches = watches;
    this.watching = settings.watchEnabled();
    this.live = live;
    this.queue = queue;
    this.enabled = settings.detectionEnabled();
    this.batch = settings.detectionBatch();
    this.interval = settings.refreshInterval();
  }

  @Override
  public void configureTasks(ScheduledTaskRegistrar registrar) {
    registrar.addFixedDelayTask(new FixedDelayTask(this::queueRefreshes, interval, interval));
  }

  void queueRefreshes() {
    if (!enabled) {
      return;
    }
    try {
      Thread.sleep(ThreadLocalRandom.current().nextLong(0, 1 + jitterMillis()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    }
    List<String> targets = leases.heldTargets();
    Set<UUID> unchanged = watching && !targets.isEmpty()
        ? watches.unchanged(live.watchedObjectsOn(targets)) : Set.of();
    int queued = queue.enqueueBackgroundRefreshesOn(targets, unchanged, batch);
    if (queued > 0) {
      log.debug("Queued {} background refreshes", queued);
    }
  }

  private long jitterMillis() {
    return interval.toMillis() / 10;
  }
}
