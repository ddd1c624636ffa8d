package io.tandem.live.domain;

import io.tandem.action.domain.ActionWorker;
import io.tandem.action.domain.RefreshQueue;
import io.tandem.apply.domain.ApplyObserver;
import io.tandem.health.domain.HealthTracker;
import io.tandem.live.LiveProperties;
import io.tandem.replica.domain.LeaseListener;
import io.tandem.replica.domain.LeasedWork;
import io.tandem.replica.domain.Leases;
import io.tandem.targets.domain.ClusterWatches;
import io.tandem.targets.domain.ObjectWatch;
import io.tandem.targets.domain.Target;
import io.tandem.targets.domain.TargetService;
import io.tandem.targets.domain.WatchScope;
import io.tandem.targets.domain.WatchSession;
import io.tandem.targets.domain.WorkerClusters;
import io.tandem.unit.domain.Unit;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.annotation.Order;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.FixedDelayTask;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;

/**
 * Watches the objects of applied units on their clusters, so that an out-of-band change is refreshed within seconds
 * instead of at the next periodic pass: a change or deletion queues a background refresh (at most one open action
 * per unit, so a burst of events, or several replicas watching, queue one).
 *
 * <p>One watch per target, kind and namespace, not per object: a thousand Deployments in one namespace need one
 * watch. Which objects belong to which unit comes from the database (the resources each unit's last observation
 * found), read at start-up and again every {@code tandem.live.watch-resync}, so a restarted server, or one that
 * did not apply the unit, watches it too; a unit that was deleted or destroyed stops being watched at the next
 * resync. Between resyncs, an apply on this server adds its objects at once.
 *
 * <p>A watch starts from a list's version and resumes from the last it saw; when that is gone (410 Gone), it starts
 * from a new list, and every object whose version moved in between is refreshed, so no change is missed.
 *
 * <p>Of several replicas, one watches each target: the holder of its lease {@code target:<slug>}. A replica that takes
 * a target over watches it from a fresh list, compared with the resource versions the units' last observations
 * recorded, so a change made while no one watched (or while every server was down) is refreshed; one that loses the
 * lease stops watching it. The holder watches a unit another replica applied from its next resync on.
 *
 * <p>Watches start and stop with the context's lifecycle, right after the action workers (whose applies add watches)
 * and before any bean is destroyed: a watch outliving its cluster (the sandbox) would only reconnect to nothing.
 */
@Component
// an import: its objects watched before its observation is recorded
@Order(1)
public class LiveWatches implements ApplyObserver, SmartLifecycle, SchedulingConfigurer, LeaseListener {

  private static final Logger log = LoggerFactory.getLogger(LiveWatches.class);

  private final TargetService targets;
  private final ClusterWatches clusters;
  private final LiveStore live;
  private final RefreshQueue queue;
  private final HealthTracker health;
  private final Leases leases;
  private final boolean enabled;
  private final Duration resyncInterval;
  private final Clock clock;
  private final WatchedObjects watched = new WatchedObjects();
  private final Map<WatchScope, ObjectWatch> watches = new ConcurrentHashMap<>();
  /** Relists and the first resync after a start; one per start. */
  private volatile ScheduledExecutorService reconnects;
  private final WatchConnections connections;
  private volatile boolean stopped = true;
  /** Scopes whose last start failed, so that a cluster that stays away is not reported at every resync. */
  private final Set<WatchScope> unwatchable = ConcurrentHashMap.newKeySet();
  /** What a scope's start holds, so that two threads never start the same scope. */
  private final Map<WatchScope, Object> starting = new ConcurrentHashMap<>();

  LiveWatches(TargetService targets, ClusterWatches clusters, LiveStore live, RefreshQueue queue, HealthTracker health,
      Leases leases, LiveProperties settings, Clock clock) {
    this.clock = clock;
    this.leases = leases;
    this.health = health;
    this.targets = targets;
    this.clusters = clusters;
    this.connections = new WatchConnections(clusters, targets);
    this.live = live;
    this.queue = queue;
    this.enabled = settings.watchEnabled();
    this.resyncInterval = settings.watchResync();
  }

  @Override
  public void configureTasks(ScheduledTaskRegistrar registrar) {
    registrar.addFixedDelayTask(new FixedDelayTask(this::resync, resyncInterval, resyncInterval));
  }

  public synchronized void resync() {
    if (!enabled || stopped) {
      return;
    }
    Set<String> watchedByWorkers = targets.reachedThroughWorkers();
    Map<WatchScope, Map<String, UUID>> wanted = watched.replace(live.watchedObjects(),
        scope -> leases.holds(LeasedWork.target(scope.target())) && !watchedByWorkers.contains(scope.target()),
        clock.instant());
    unwatchable.retainAll(wanted.keySet());
    for (WatchScope scope : List.copyOf(watches.keySet())) {
      if (!wanted.containsKey(scope)) {
        stop(scope);
      }
    }
    connections.dropChanged().forEach(target -> watches.keySet().removeIf(scope -> scope.target().equals(target)));
    wanted.keySet().forEach(this::start);
    Set<String> used = new HashSet<>();
    wanted.keySet().forEach(scope -> used.add(scope.target()));
    connections.retain(used);
  }

  /** Follows the objects from before the apply sends them: their events during it keep their health current. */
  @Override
  public void applying(Unit unit, Target target, String data) {
    follow(unit, target, data, List.of());
  }

  /** After an import, or an apply: the objects as it made them are its own, and their events refresh nothing. */
  @Override
  public void applied(Unit unit, Target target, String data, List<Map<String, Object>> objects) {
    follow(unit, target, data, objects);
  }

  /**
   * Names the objects (under the monitor, so that a resync sees them named or not at all), then starts the watches of
   * their scopes outside it: a watch's first list on a slow cluster holds up no apply to another.
   */
  private void follow(Unit unit, Target target, String data, List<Map<String, Object>> made) {
    if (!enabled || stopped || !leases.holds(LeasedWork.target(unit.metadata().target()))
        || target.server().startsWith(WorkerClusters.SCHEME)) {
      return; // a worker-connected target is watched by its worker
    }
    Map<WatchScope, List<String>> scopes = clusters.scopesOf(unit.metadata().target(), data, target.namespace());
    synchronized (this) {
      scopes.forEach((scope, names) -> names.forEach(name -> watched.add(scope, name, unit.id(), clock.instant())));
      made.stream().filter(Objects::nonNull).forEach(object -> watched.madeBy(target.slug(), unit.id(), object));
    }
    // a scope that could not be watched is tried again at the resyncs, not by every apply
    scopes.keySet().stream().filter(scope -> !unwatchable.contains(scope)).forEach(this::start);
  }

  @Override
  public synchronized void destroyed(Unit unit) {
    watched.removeUnit(unit.id());
  }

  /**
   * A target taken over, from a replica that let it go or one that died: watched from a fresh list, which refreshes the
   * units whose objects moved since their last observation, so that nothing changed while no one watched is missed.
   * Taken before the watches start, it is watched at their start.
   */
  @Override
  public synchronized void acquired(String lease, boolean expired) {
    if (enabled && !stopped && lease.startsWith(LeasedWork.target(""))) {
      resync();
      boolean byItsWorker = targets.reachedThroughWorkers().contains(lease.substring(LeasedWork.target("").length()));
      log.info("Took over {}{}: {}", lease, expired ? " from a replica that stopped renewing it" : "",
          byItsWorker ? "its worker watches it" : "watching it");
    }
  }

  @Override
  public void released(String lease) {
    if (enabled && lease.startsWith(LeasedWork.target(""))) {
      resync();
    }
  }

  /** Starts the scope's watch unless it runs; one start of a scope at a time, starts of others meanwhile. */
  private void start(WatchScope scope) {
    if (watches.containsKey(scope)) {
      return;
    }
    synchronized (starting.computeIfAbsent(scope, key -> new Object())) {
      startUnlessWatched(scope);
    }
  }

  private void startUnlessWatched(WatchScope scope) {
    if (watches.containsKey(scope) || stopped) {
      return;
    }
    try {
      WatchSession session = connections.of(scope.target());
      watches.put(scope, ScopeWatch.start(session, scope, watched, queue, health, this::ended));
      unwatchable.remove(scope);
      if (stopped) { // stopped while it started: stopAll may have run before it was put
        stop(scope);
      }
    } catch (RuntimeException e) {
      // tried again at every resync: said once, until it works
      log.atLevel(unwatchable.add(scope) ? Level.INFO : Level.DEBUG).log(
          "Cannot watch {} {} in '{}' on target {}; the periodic refresh covers them: {}",
          scope.apiVersion(), scope.kind(), scope.namespace(), scope.target(), clusters.describe(e));
    }
  }

  /** A watch that ended (410 Gone) is closed, off the client's thread, and started from a new list a second later. */
  private void ended(WatchScope scope) {
    ObjectWatch ended = watches.remove(scope);
    try {
      var unused = reconnects.schedule(() -> {
        if (ended != null) {
          ended.close();
        }
        rewatch(scope);
      }, 1, TimeUnit.SECONDS);
    } catch (RejectedExecutionException stopping) {
      // stopped meanwhile: a start lists everything again
    }
  }

  private synchronized void rewatch(WatchScope scope) {
    if (!stopped && watched.covers(scope)) {
      start(scope);
    }
  }

  private void stop(WatchScope scope) {
    watched.forgetVersions(scope);
    ObjectWatch watch = watches.remove(scope);
    if (watch != null) {
      watch.close();
    }
  }

  /**
   * The units that the running watches vouch for (see {@link WatchedObjects#unchanged}): a refresh of one would read
   * what it read last time and change nothing.
   */
  public Set<UUID> unchanged(List<LiveStore.WatchedObject> objects) {
    return watched.unchanged(objects, watches::containsKey);
  }

  public Set<WatchScope> watchedScopes() {
    return Set.copyOf(watches.keySet());
  }

  /** Stops every watch and forgets what was watched, as a restart would. */
  public synchronized void stopAll() {
    watches.keySet().forEach(watched::forgetVersions);
    watches.clear();
    watched.clear();
    // closing a session closes its watches, and waits for them to finish closing
    connections.closeAll();
  }

  @Override
  public synchronized void start() {
    stopped = false;
    reconnects = Executors.newSingleThreadScheduledExecutor(runnable -> {
      Thread thread = new Thread(runnable, "live-watch-reconnect");
      thread.setDaemon(true);
      return thread;
    });
    reconnects.execute(this::resync);
  }

  @Override
  public synchronized void stop() {
    stopped = true;
    reconnects.shutdownNow();
    stopAll();
  }

  @Override
  public boolean isRunning() {
    return !stopped;
  }

  @Override
  public int getPhase() { // lower phases stop later: after the action workers
    return ActionWorker.PHASE - 1;
  }
}
