package io.tandem.agent;

import io.tandem.targets.cluster.LocalClusters;
import io.tandem.targets.domain.ListedObjects;
import io.tandem.targets.domain.ObjectEvent;
import io.tandem.targets.domain.ObjectWatch;
import io.tandem.targets.domain.TargetCredentials;
import io.tandem.targets.domain.WatchListener;
import io.tandem.targets.domain.WatchScope;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The worker's watches of its own cluster: what the server says to watch (the objects of the units applied to the
 * worker's targets, with the versions last seen), one watch per kind and namespace, and a report of each object that
 * moved since, so that the server refreshes its unit at once, as its own watches do for a directly connected target.
 * {@link #sync} is called again and again: it starts the watches now wanted, stops those no longer wanted, and starts
 * again the ones that ended.
 */
final class AgentWatches implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(AgentWatches.class);

  /** One object to watch, as the server said it, or as it moved (then with its new resource version). */
  record Watched(String target, String apiVersion, String kind, String namespace, String name, String resourceVersion) {

    WatchScope scope() {
      return new WatchScope(target, apiVersion, kind, namespace == null ? "" : namespace);
    }
  }

  private final TargetCredentials cluster;
  private final Consumer<List<Watched>> report;
  private final Map<WatchScope, ObjectWatch> watches = new ConcurrentHashMap<>();
  /** Per scope, the resource version the server last saw of each of its objects. */
  private final Map<WatchScope, Map<String, String>> recorded = new ConcurrentHashMap<>();
  private final Set<WatchScope> unwatchable = ConcurrentHashMap.newKeySet();

  AgentWatches(TargetCredentials cluster, Consumer<List<Watched>> report) {
    this.cluster = cluster;
    this.report = report;
  }

  synchronized void sync(List<Watched> wanted) {
    Map<WatchScope, Map<String, String>> byScope = new HashMap<>();
    wanted.forEach(object -> byScope.computeIfAbsent(object.scope(), scope -> new HashMap<>())
        .put(object.name(), Objects.requireNonNullElse(object.resourceVersion(), "")));
    recorded.keySet().retainAll(byScope.keySet());
    recorded.putAll(byScope);
    for (WatchScope scope : List.copyOf(watches.keySet())) {
      if (!byScope.containsKey(scope)) {
        stop(scope);
      }
    }
    byScope.keySet().forEach(this::start);
  }

  private void start(WatchScope scope) {
    if (watches.containsKey(scope)) {
      return;
    }
    try {
      watches.put(scope, LocalClusters.watch(cluster, scope, new WatchListener() {
        @Override
        public void listed(ListedObjects listed) {
          movedWhileNobodyWatched(scope, listed.versions());
        }

        @Override
        public void seen(ObjectEvent event) {
          if (event.change() != ObjectEvent.Change.Added) {
            AgentWatches.this.seen(scope, event.name(), event.resourceVersion());
          }
        }

        @Override
        public void ended(String reason) {
          AgentWatches.this.ended(scope);
        }
      }));
      unwatchable.remove(scope);
    } catch (RuntimeException e) {
      if (unwatchable.add(scope)) {
        log.info("Cannot watch {} {} in '{}' of target {}; trying again: {}", scope.apiVersion(), scope.kind(),
            scope.namespace(), scope.target(), e.getMessage());
      }
    }
  }

  private void movedWhileNobodyWatched(WatchScope scope, Map<String, String> listed) {
    List<Watched> moved = new ArrayList<>();
    recorded.getOrDefault(scope, Map.of()).forEach((name, version) -> {
      String now = listed.get(name);
      if (!Objects.equals(now, version)) {
        moved.add(new Watched(scope.target(), scope.apiVersion(), scope.kind(), scope.namespace(), name, now));
      }
    });
    if (!moved.isEmpty()) {
      report.accept(moved);
    }
  }

  private void seen(WatchScope scope, String name, String version) {
    Map<String, String> versions = recorded.get(scope);
    if (versions != null && versions.containsKey(name) && !Objects.equals(versions.get(name), version)) {
      versions.put(name, Objects.requireNonNullElse(version, ""));
      report.accept(List.of(new Watched(scope.target(), scope.apiVersion(), scope.kind(), scope.namespace(), name,
          version)));
    }
  }

  /** A watch whose version is gone: dropped (closed off its own thread), and started again at the next sync. */
  private void ended(WatchScope scope) {
    ObjectWatch watcher = watches.remove(scope);
    if (watcher != null) {
      java.util.concurrent.CompletableFuture.runAsync(watcher::close);
    }
  }

  private void stop(WatchScope scope) {
    ObjectWatch watcher = watches.remove(scope);
    if (watcher != null) {
      watcher.close();
    }
  }

  @Override
  public synchronized void close() {
    List.copyOf(watches.keySet()).forEach(this::stop);
  }
}
