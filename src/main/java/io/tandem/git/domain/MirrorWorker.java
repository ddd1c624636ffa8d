package io.tandem.git.domain;

import io.tandem.common.net.RemoteFailures;
import io.tandem.git.GitProperties;
import io.tandem.replica.domain.LeasedWork;
import io.tandem.replica.domain.Leases;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.FixedDelayTask;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;

/**
 * Pushes every mirror's outbox, in order. Each pass leases the mirrors that are due (so replicas sharing the
 * database never push the same mirror at once), and pushes each on a thread of its own: a slow or unreachable
 * remote delays only its own mirror. A failed push is retried with exponential backoff; a conflict stops the
 * mirror until it is resumed. Entries leave the outbox only once their commits are on the remote, so a crash at
 * any point loses nothing; the next pass finds the commits an interrupted one pushed by their trailers. One replica
 * runs the passes: the holder of the lease {@code job:git-mirror}.
 */
@Component
class MirrorWorker implements DisposableBean, SchedulingConfigurer, LeasedWork {

  private static final Logger log = LoggerFactory.getLogger(MirrorWorker.class);
  private static final Duration LEASE = Duration.ofMinutes(5);
  private static final String JOB = LeasedWork.job("git-mirror");

  private final GitMirrorStore store;
  private final GitMirrorService mirrors;
  private final MirrorPusher pusher;
  private final GitUrls urls;
  private final Clock clock;
  private final Duration interval;
  private final int batch;
  private final Duration retryInitial;
  private final Duration retryMax;
  private final ExecutorService executor;
  private final Semaphore free;
  private final Leases leases;

  MirrorWorker(GitMirrorStore store, GitMirrorService mirrors, MirrorPusher pusher, GitUrls urls, Clock clock,
      Leases leases, GitProperties settings) {
    this.leases = leases;
    this.store = store;
    this.mirrors = mirrors;
    this.pusher = pusher;
    this.urls = urls;
    this.clock = clock;
    this.interval = settings.interval();
    this.batch = settings.batch();
    this.retryInitial = settings.retryInitial();
    this.retryMax = settings.retryMax();
    int threads = settings.threads();
    this.executor = Executors.newFixedThreadPool(threads, runnable -> {
      Thread thread = new Thread(runnable, "git-mirror");
      thread.setDaemon(true);
      return thread;
    });
    this.free = new Semaphore(threads);
  }

  @Override
  public void configureTasks(ScheduledTaskRegistrar registrar) {
    registrar.addFixedDelayTask(new FixedDelayTask(this::pass, interval, interval));
  }

  @Override
  public Collection<String> leaseNames() {
    return List.of(JOB);
  }

  void pass() {
    if (!leases.holds(JOB)) {
      return;
    }
    int slots = free.drainPermits();
    List<UUID> claimed = slots == 0 ? List.of() : store.claimDue(slots, clock.instant(), clock.instant().plus(LEASE));
    free.release(slots - claimed.size());
    for (UUID spaceId : claimed) {
      executor.execute(() -> {
        try {
          push(spaceId);
        } finally {
          free.release();
        }
      });
    }
    store.dropOrphans();
  }

  /** Pushes a leased mirror's outbox until it is empty, or a push fails or conflicts; then ends the lease. */
  void push(UUID spaceId) {
    try {
      pushWhileLeased(spaceId);
    } finally {
      store.release(spaceId);
    }
  }

  private void pushWhileLeased(UUID spaceId) {
    GitMirrorStore.Stored stored = store.find(spaceId).orElse(null);
    while (stored != null) {
      GitMirror mirror = stored.mirror();
      List<OutboxEntry> entries = store.pending(spaceId, batch);
      if (entries.isEmpty()) {
        return;
      }
      MirrorPusher.Mirror target = new MirrorPusher.Mirror(spaceId, mirror.space(), mirror.url(), mirror.branch(),
          mirror.pathPrefix(), mirrors.credentials(stored), stored.pushedCommit(), stored.overwriteOnce());
      try {
        urls.require("url", mirror.url()); // the settings may have changed since the mirror was configured
        MirrorPusher.Outcome outcome = pusher.push(target, entries);
        if (outcome instanceof MirrorPusher.Conflicted conflict) {
          log.warn("Git mirror of space {} stopped: {}", mirror.space(), conflict.detail());
          store.failed(spaceId, GitMirror.Status.Conflict, conflict.detail(), mirror.attempts(), clock.instant(), clock.instant());
          return;
        }
        MirrorPusher.Pushed pushed = (MirrorPusher.Pushed) outcome;
        OutboxEntry last = lastDone(entries, pushed.done());
        store.pushed(spaceId, pushed.done(), pushed.commit(), last, clock.instant());
        log.debug("Git mirror of space {}: {} commit(s) pushed", mirror.space(), pushed.commits());
      } catch (Exception e) {
        int attempts = mirror.attempts() + 1;
        Instant next = clock.instant().plus(backoff(attempts));
        String error = describe(e);
        log.info("Git mirror of space {}: push failed (attempt {}), retrying at {}: {}", mirror.space(), attempts, next, error);
        store.failed(spaceId, GitMirror.Status.Retrying, error, attempts, next, clock.instant());
        return;
      }
      if (entries.size() < batch) {
        return;
      }
      stored = store.find(spaceId).orElse(null);
    }
  }

  private static OutboxEntry lastDone(List<OutboxEntry> entries, List<Long> done) {
    List<OutboxEntry> finished =
        new ArrayList<>(entries.stream().filter(entry -> done.contains(entry.seq())).toList());
    return finished.isEmpty() ? null : finished.get(finished.size() - 1);
  }

  private Duration backoff(int attempts) {
    return backoffOf(attempts, retryInitial, retryMax);
  }

  /** initial, 2 × initial, 4 × initial … up to max. */
  static Duration backoffOf(int attempts, Duration initial, Duration max) {
    Duration delay = initial.multipliedBy(1L << Math.min(attempts - 1, 20));
    return delay.compareTo(max) > 0 ? max : delay;
  }

  /**
   * A failure in words of our own: the remote's failures come described (see {@link GitRemoteException}); anything
   * else gets a generic reason.
   */
  private static String describe(Exception error) {
    return error instanceof GitRemoteException ? error.getMessage()
        : RemoteFailures.reason(error, "the remote could not be read or written");
  }

  @Override
  public void destroy() throws InterruptedException {
    executor.shutdown();
    executor.awaitTermination(10, TimeUnit.SECONDS);
  }
}
