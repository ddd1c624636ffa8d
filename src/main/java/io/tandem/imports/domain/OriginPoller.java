package io.tandem.imports.domain;

import io.tandem.imports.ImportsProperties;
import io.tandem.replica.domain.LeasedWork;
import io.tandem.replica.domain.Leases;
import io.tandem.unit.domain.UnitStore.UnitKey;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
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
 * first, a batch per pass, {@value #CHECKS} origins at a time: a repository that answers slowly (or not, until the
 * Git timeout) holds one of those threads, and the others' checks go on. An origin being checked is not handed out
 * again until that check ends. One replica polls: the holder of the lease {@code job:git-origins}.
 */
@Component
class OriginPoller implements SchedulingConfigurer, LeasedWork, DisposableBean {

  private static final String LEASE = LeasedWork.job("git-origins");
  private static final int BATCH = 100;
  private static final int CHECKS = 4;
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
  private final ExecutorService checks = Executors.newFixedThreadPool(CHECKS, task -> {
    Thread thread = new Thread(task, "origin-check");
    thread.setDaemon(true);
    return thread;
  });
  /** The origins handed to {@link #checks} and not checked yet. */
  private final Set<UnitKey> checking = ConcurrentHashMap.newKeySet();

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
    checks.shutdownNow();
  }

  void poll() {
    if (!leases.holds(LEASE)) {
      return;
    }
    // those being checked are still due (the longest unchecked, first in the list): asked for on top of a batch
    for (UnitKey key : origins.due(clock.instant().minus(interval), BATCH + checking.size())) {
      if (checking.add(key)) {
        checks.execute(() -> {
          try {
            origins.syncDue(key);
          } finally {
            checking.remove(key);
          }
        });
      }
    }
  }

  @Override
  public Collection<String> leaseNames() {
    return List.of(LEASE);
  }
}
