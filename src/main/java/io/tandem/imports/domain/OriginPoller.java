package io.tandem.imports.domain;

import io.tandem.imports.ImportsProperties;
import io.tandem.replica.domain.LeasedWork;
import io.tandem.replica.domain.Leases;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.FixedDelayTask;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;

/**
 * Asks each unit's origin for a new commit every {@code tandem.imports.origin-poll-interval}, the longest unchecked
 * first, a batch per pass. One replica polls: the holder of the lease {@code job:git-origins}.
 */
@Component
class OriginPoller implements SchedulingConfigurer, LeasedWork, DisposableBean {

  private static final String LEASE = LeasedWork.job("git-origins");
  private static final int BATCH = 100;
  private static final Duration MAX_TICK = Duration.ofSeconds(5);

  private final GitOrigins origins;
  private final Leases leases;
  private final Clock clock;
  private final Duration interval;
  private final ExecutorService now = Executors.newSingleThreadExecutor(task -> {
    Thread thread = new Thread(task, "origin-push");
    thread.setDaemon(true);
    return thread;
  });
  private final AtomicBoolean awake = new AtomicBoolean();

  OriginPoller(GitOrigins origins, Leases leases, Clock clock, ImportsProperties settings) {
    this.origins = origins;
    this.leases = leases;
    this.clock = clock;
    this.interval = settings.originPollInterval();
  }

  @Override
  public void configureTasks(ScheduledTaskRegistrar registrar) {
    if (!interval.isZero()) {
      // a tick of half the interval, at most 5 s: each origin is asked within its interval and a little
      Duration tick = interval.dividedBy(2).compareTo(MAX_TICK) > 0 ? MAX_TICK : interval.dividedBy(2);
      registrar.addFixedDelayTask(new FixedDelayTask(this::poll, tick, tick));
    }
  }

  /** A push made origins due: a pass now, on a thread of its own, one at a time (a wake-up meanwhile is folded in). */
  @EventListener
  void onDue(GitOrigins.OriginsDue due) {
    if (awake.compareAndSet(false, true)) {
      now.execute(() -> {
        awake.set(false);
        poll();
      });
    }
  }

  @Override
  public void destroy() {
    now.shutdownNow();
  }

  void poll() {
    if (!leases.holds(LEASE)) {
      return;
    }
    // a full batch means more are due; a bounded number of batches per tick leaves the rest to the next
    int batches = 0;
    while (batches++ < 10 && origins.syncDue(clock.instant().minus(interval), BATCH) == BATCH) {
      // a full batch: more are due
    }
  }

  @Override
  public Collection<String> leaseNames() {
    return List.of(LEASE);
  }
}
