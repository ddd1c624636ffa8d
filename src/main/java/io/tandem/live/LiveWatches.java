package io.tandem.live;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.dsl.FilterWatchListDeletable;
import io.fabric8.kubernetes.client.dsl.MixedOperation;
import io.fabric8.kubernetes.client.dsl.internal.AbstractWatchManager;
import io.tandem.common.error.TandemException;
import io.tandem.target.domain.ApplyObserver;
import io.tandem.target.domain.ClusterApplier;
import io.tandem.target.domain.ClusterConnector;
import io.tandem.target.domain.TargetService;
import io.tandem.unit.domain.Unit;
import io.tandem.worker.ActionQueue;
import io.tandem.worker.ActionWorker;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
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
import org.springframework.context.SmartLifecycle;
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
 * <p>A watch starts from the resource version of a list. The client resumes a broken watch from the last version it
 * saw; when that version is gone (410 Gone: compacted, or an API server that restarted), the watch ends and is started
 * again from a new list, and every object whose version moved in between is refreshed, so no change is missed.
 *
 * <p>Watches start with the context's lifecycle (the sandbox is registered by then) and stop with it, right after the
 * action workers (whose applies add watches) and before any bean is destroyed: a watch outliving its cluster (the
 * sandbox) would only reconnect to nothing.
 */
@Component
class LiveWatches implements ApplyObserver, SmartLifecycle, SchedulingConfigurer {

  private static final Logger log = LoggerFactory.getLogger(LiveWatches.class);
  private static final Duration CLOSE_WAIT = Duration.ofSeconds(2);

  /** What one watch covers: objects of one kind in one namespace ("" for cluster-scoped kinds) of one target. */
  record Scope(String target, String apiVersion, String kind, String namespace) {}

  private final TargetService targets;
  private final LiveStore live;
  private final ActionQueue queue;
  private final boolean enabled;
  private final Duration resyncInterval;
  /** Scope → object name → unit; replaced whole by a resync, added to by an apply. */
  private volatile Map<Scope, Map<String, UUID>> owners = new ConcurrentHashMap<>();
  private final Map<Scope, Watch> watches = new ConcurrentHashMap<>();
  /** Scope → object name → the resource version last seen of each unit's object, for a relist to compare with. */
  private final Map<Scope, Map<String, String>> versions = new ConcurrentHashMap<>();
  /** Relists and the first resync after a start; one per start. */
  private volatile ScheduledExecutorService reconnects;
  private final Map<String, TargetService.Connection> connections = new ConcurrentHashMap<>();
  private volatile boolean stopped = true;
  /** Scopes whose last start failed, so that a cluster that stays away is not reported at every resync. */
  private final Set<Scope> unwatchable = ConcurrentHashMap.newKeySet();

  LiveWatches(TargetService targets, LiveStore live, ActionQueue queue, LiveProperties settings) {
    this.targets = targets;
    this.live = live;
    this.queue = queue;
    this.enabled = settings.watchEnabled();
    this.resyncInterval = settings.watchResync();
  }

  @Override
  public void configureTasks(ScheduledTaskRegistrar registrar) {
    registrar.addFixedDelayTask(new FixedDelayTask(this::resync, resyncInterval, resyncInterval));
  }

  synchronized void resync() {
    if (!enabled || stopped) {
      return;
    }
    Map<Scope, Map<String, UUID>> wanted = new ConcurrentHashMap<>();
    for (LiveStore.WatchedObject object : live.watchedObjects()) {
      Scope scope = new Scope(object.target(), object.apiVersion(), object.kind(), object.namespace());
      wanted.computeIfAbsent(scope, key -> new ConcurrentHashMap<>()).put(object.name(), object.unitId());
    }
    owners = wanted;
    unwatchable.retainAll(wanted.keySet());
    for (Scope scope : List.copyOf(watches.keySet())) {
      if (!wanted.containsKey(scope)) {
        stop(scope);
      }
    }
    List.copyOf(connections.keySet()).forEach(this::dropIfChanged);
    wanted.keySet().forEach(this::start);
    Set<String> used = new HashSet<>();
    wanted.keySet().forEach(scope -> used.add(scope.target()));
    for (String target : List.copyOf(connections.keySet())) {
      if (!used.contains(target)) {
        connections.remove(target).close();
      }
    }
  }

  @Override
  public synchronized void applied(Unit unit, KubernetesClient client, String defaultNamespace, String data) {
    if (!enabled || stopped) {
      return;
    }
    for (HasMetadata object : ClusterApplier.objects(client, data, defaultNamespace)) {
      Scope scope = scopeOf(unit.metadata().target(), object);
      owners.computeIfAbsent(scope, key -> new ConcurrentHashMap<>()).put(object.getMetadata().getName(), unit.id());
      start(scope);
    }
  }

  @Override
  public synchronized void destroyed(Unit unit) {
    owners.values().forEach(names -> names.values().removeIf(unit.id()::equals));
  }

  private static Scope scopeOf(String target, HasMetadata object) {
    String namespace = object.getMetadata().getNamespace();
    return new Scope(target, object.getApiVersion(), object.getKind(), namespace == null ? "" : namespace);
  }

  private void start(Scope scope) {
    if (watches.containsKey(scope)) {
      return;
    }
    try {
      KubernetesClient client = connections.computeIfAbsent(scope.target(), targets::connect).client();
      FilterWatchListDeletable<HasMetadata, KubernetesResourceList<HasMetadata>, ?> objects = objects(client, scope);
      KubernetesResourceList<HasMetadata> listed = objects.list();
      relisted(scope, listed.getItems());
      // from the version of the list: no change falls between the two
      watches.put(scope, objects.watch(listed.getMetadata().getResourceVersion(), new ScopeWatcher(scope)));
      unwatchable.remove(scope);
    } catch (RuntimeException e) {
      // tried again at every resync: said once, until it works
      boolean first = unwatchable.add(scope);
      String message = "Cannot watch {} {} in '{}' on target {}; the periodic refresh covers them: {}";
      Object[] args = {scope.apiVersion(), scope.kind(), scope.namespace(), scope.target(), ClusterConnector.describe(e)};
      if (first) {
        log.info(message, args);
      } else {
        log.debug(message, args);
      }
    }
  }

  /**
   * Compares a fresh list with the versions last seen: what changed or went away while nothing watched (a watch that
   * ended with 410 Gone, an API server that restarted) is refreshed now. A scope watched for the first time here has
   * nothing to compare with; what changed before it was watched is the periodic refresh's.
   */
  private void relisted(Scope scope, List<HasMetadata> items) {
    Map<String, UUID> names = owners.getOrDefault(scope, Map.of());
    Map<String, String> now = new ConcurrentHashMap<>();
    for (HasMetadata item : items) {
      if (names.containsKey(item.getMetadata().getName())) {
        now.put(item.getMetadata().getName(), versionOf(item));
      }
    }
    Map<String, String> before = versions.put(scope, now);
    if (before == null) {
      return;
    }
    names.forEach((name, unitId) -> {
      if (before.containsKey(name) && !before.get(name).equals(now.get(name))) {
        queue.enqueueBackgroundRefresh(unitId);
      }
    });
  }

  /** Queues a refresh of the unit an event is about, and keeps the version it saw for a later relist. */
  private final class ScopeWatcher implements Watcher<HasMetadata> {

    private final Scope scope;

    ScopeWatcher(Scope scope) {
      this.scope = scope;
    }

    @Override
    public void eventReceived(Action action, HasMetadata resource) {
      if (action != Action.MODIFIED && action != Action.DELETED) {
        return;
      }
      String name = resource.getMetadata().getName();
      Map<String, UUID> names = owners.get(scope);
      UUID unitId = names == null ? null : names.get(name);
      if (unitId == null) {
        return;
      }
      Map<String, String> seen = versions.computeIfAbsent(scope, key -> new ConcurrentHashMap<>());
      if (action == Action.DELETED) {
        seen.remove(name);
      } else {
        seen.put(name, versionOf(resource));
      }
      queue.enqueueBackgroundRefresh(unitId);
    }

    @Override
    public void onClose(WatcherException cause) {
      // The client reconnects by itself while it can resume; it gives up when the version it resumes from is gone.
      log.info("Watch of {} {} in '{}' on target {} ended ({}); listing them again", scope.apiVersion(), scope.kind(),
          scope.namespace(), scope.target(), cause.getMessage());
      watches.remove(scope);
      try {
        reconnects.schedule(() -> rewatch(scope), 1, TimeUnit.SECONDS);
      } catch (RejectedExecutionException stopping) {
        // stopped meanwhile: a start lists everything again
      }
    }
  }

  private static String versionOf(HasMetadata object) {
    return java.util.Objects.requireNonNullElse(object.getMetadata().getResourceVersion(), "");
  }

  private synchronized void rewatch(Scope scope) {
    if (!stopped && owners.containsKey(scope)) {
      start(scope);
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static FilterWatchListDeletable<HasMetadata, KubernetesResourceList<HasMetadata>, ?> objects(
      KubernetesClient client, Scope scope) {
    Map<String, Object> probe = new HashMap<>();
    probe.put("apiVersion", scope.apiVersion());
    probe.put("kind", scope.kind());
    probe.put("metadata", Map.of("name", "probe"));
    HasMetadata typed = client.getKubernetesSerialization().convertValue(probe, HasMetadata.class);
    MixedOperation operation = typed instanceof GenericKubernetesResource
        ? client.genericKubernetesResources(scope.apiVersion(), scope.kind())
        : client.resources(typed.getClass());
    boolean namespaced = !scope.namespace().isEmpty() && (typed instanceof Namespaced || typed instanceof GenericKubernetesResource);
    return namespaced ? (FilterWatchListDeletable) operation.inNamespace(scope.namespace()) : operation;
  }

  /**
   * A target whose credentials changed since its client was made (patched, or the sandbox registered on a new port
   * at a restart) is watched again with new ones, instead of reconnecting to where it was.
   */
  private void dropIfChanged(String target) {
    Instant current;
    try {
      current = targets.get(target).updatedAt();
    } catch (TandemException gone) {
      current = null;
    }
    if (!connections.get(target).target().updatedAt().equals(current)) {
      log.debug("Target {} changed since it was connected; watching it again", target);
      List<Scope> scopes = watches.keySet().stream().filter(scope -> scope.target().equals(target)).toList();
      List<Watch> closing = scopes.stream().map(watches::remove).filter(Objects::nonNull).toList();
      closing.forEach(Watch::close);
      awaitClosed(closing);
      connections.remove(target).close();
    }
  }

  private void stop(Scope scope) {
    versions.remove(scope);
    Watch watch = watches.remove(scope);
    if (watch != null) {
      watch.close();
    }
  }

  /** What is being watched now. */
  Set<Scope> watchedScopes() {
    return Set.copyOf(watches.keySet());
  }

  /** Stops every watch and forgets what was watched, as a restart would. */
  synchronized void stopAll() {
    List<Watch> closing = List.copyOf(watches.values());
    List.copyOf(watches.keySet()).forEach(this::stop);
    awaitClosed(closing);
    owners = new ConcurrentHashMap<>();
    List.copyOf(connections.keySet()).forEach(target -> connections.remove(target).close());
  }

  /**
   * Gives closed watches a moment to finish their close handshake: a client closed before that completes it on an
   * event loop that is gone, which Netty logs as an error with a stack trace.
   */
  private static void awaitClosed(List<Watch> closing) {
    long deadline = System.nanoTime() + CLOSE_WAIT.toNanos();
    for (Watch watch : closing) {
      while (watch instanceof AbstractWatchManager<?> manager && manager.isWatching() && System.nanoTime() < deadline) {
        try {
          Thread.sleep(10);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
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

  /** Lower phases stop later: after the action workers. */
  @Override
  public int getPhase() {
    return ActionWorker.PHASE - 1;
  }
}
