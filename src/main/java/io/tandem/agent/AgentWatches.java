package io.tandem.agent;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.tandem.common.yaml.ContentFingerprint;
import io.tandem.health.status.ObjectHealth;
import io.tandem.health.status.ObjectStatus;
import io.tandem.health.status.StatusRules;
import io.tandem.targets.cluster.LocalClusters;
import io.tandem.targets.domain.ListedObjects;
import io.tandem.targets.domain.ObjectEvent;
import io.tandem.targets.domain.ObjectWatch;
import io.tandem.targets.domain.TargetCredentials;
import io.tandem.targets.domain.WatchListener;
import io.tandem.targets.domain.WatchScope;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
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
 * moved since, with its health and whether its content moved, so that the server keeps the unit's health current and
 * refreshes it at once when its content moved, as its own watches do for a directly connected target.
 * {@link #sync} is called again and again: it starts the watches now wanted, stops those no longer wanted, and starts
 * again the ones that ended.
 */
final class AgentWatches implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(AgentWatches.class);

  /**
   * One object to watch, as the server said it, or as it moved: then with its new resource version, its health as
   * seen, and whether only what the server keeps of it (its status, server metadata) moved.
   */
  // no null fields: a server a version older does not know the newest ones, and refuses them even as null
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record Watched(String target, String apiVersion, String kind, String namespace, String name, String resourceVersion,
      ObjectStatus status, String reason, Boolean statusOnly, Boolean judgedByRule, Map<String, Object> object) {

    WatchScope scope() {
      return new WatchScope(target, apiVersion, kind, namespace == null ? "" : namespace);
    }

    /** The move as a server older than the statuses in a report reads it. */
    Map<String, Object> bare() {
      Map<String, Object> bare = new HashMap<>();
      bare.put("target", target);
      bare.put("apiVersion", apiVersion);
      bare.put("kind", kind);
      bare.put("namespace", namespace);
      bare.put("name", name);
      bare.put("resourceVersion", resourceVersion);
      return bare;
    }

    /** @param whole whether the server judges the object by a health rule, and so is sent it */
    static Watched moved(WatchScope scope, String name, String version, Map<String, Object> object,
        boolean statusOnly, boolean whole) {
      ObjectHealth health = StatusRules.of(object);
      return new Watched(scope.target(), scope.apiVersion(), scope.kind(), scope.namespace(), name, version,
          health.status(), health.reason(), statusOnly, null, whole && object != null ? forJudging(object) : null);
    }

    /** The object without its managedFields, and a Secret without its values: a rule needs neither. */
    private static Map<String, Object> forJudging(Map<String, Object> object) {
      Map<String, Object> copy = new HashMap<>(object);
      if ("Secret".equals(object.get("kind"))) {
        copy.remove("data");
        copy.remove("stringData");
      }
      if (object.get("metadata") instanceof Map<?, ?> metadata) {
        Map<Object, Object> trimmed = new HashMap<>(metadata);
        trimmed.remove("managedFields");
        // kubectl apply keeps a Secret's values in this annotation too
        if ("Secret".equals(object.get("kind")) && metadata.get("annotations") instanceof Map<?, ?> annotations) {
          Map<Object, Object> kept = new HashMap<>(annotations);
          kept.remove("kubectl.kubernetes.io/last-applied-configuration");
          trimmed.put("annotations", kept);
        }
        copy.put("metadata", trimmed);
      }
      return copy;
    }
  }

  private final TargetCredentials cluster;
  private final Consumer<List<Watched>> report;
  private final Map<WatchScope, ObjectWatch> watches = new ConcurrentHashMap<>();
  /** Per scope, the resource version the server last saw of each of its objects. */
  private final Map<WatchScope, Map<String, String>> recorded = new ConcurrentHashMap<>();
  /** Per scope, the content fingerprint of each object as the watch last saw it: what tells a status-only move. */
  private final Map<WatchScope, Map<String, Long>> contents = new ConcurrentHashMap<>();
  private final Set<WatchScope> unwatchable = ConcurrentHashMap.newKeySet();
  /** The scopes whose kind a health rule judges on the server: their moves carry the object. */
  private final Set<WatchScope> judged = ConcurrentHashMap.newKeySet();

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
    Set<WatchScope> nowJudged = new HashSet<>();
    wanted.stream().filter(object -> Boolean.TRUE.equals(object.judgedByRule())).forEach(object -> nowJudged.add(object.scope()));
    judged.retainAll(nowJudged); // never empty in between: a watch reporting meanwhile still sends a judged object
    judged.addAll(nowJudged);
    contents.keySet().retainAll(byScope.keySet());
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
          movedWhileNobodyWatched(scope, listed);
        }

        @Override
        public void seen(ObjectEvent event) {
          if (event.change() != ObjectEvent.Change.Added) {
            AgentWatches.this.seen(scope, event);
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

  /** What moved since the server last saw it is reported in full: the server's version says nothing of content. */
  private void movedWhileNobodyWatched(WatchScope scope, ListedObjects listed) {
    List<Watched> moved = new ArrayList<>();
    Map<String, Long> seen = new ConcurrentHashMap<>();
    recorded.getOrDefault(scope, Map.of()).forEach((name, version) -> {
      Map<String, Object> object = listed.object(name);
      if (object != null) {
        seen.put(name, ContentFingerprint.of(object));
      }
      String now = listed.versions().get(name);
      if (!Objects.equals(now, version)) {
        moved.add(Watched.moved(scope, name, now, object, false, judged.contains(scope)));
      }
    });
    contents.put(scope, seen);
    if (!moved.isEmpty()) {
      report.accept(moved);
    }
  }

  private void seen(WatchScope scope, ObjectEvent event) {
    Map<String, String> versions = recorded.get(scope);
    String name = event.name();
    if (versions == null || !versions.containsKey(name) || Objects.equals(versions.get(name), event.resourceVersion())) {
      return;
    }
    versions.put(name, Objects.requireNonNullElse(event.resourceVersion(), ""));
    Map<String, Object> object = event.object();
    Map<String, Long> seen = contents.computeIfAbsent(scope, key -> new ConcurrentHashMap<>());
    Long now = object == null ? null : ContentFingerprint.of(object);
    Long before = now == null ? seen.remove(name) : seen.put(name, now);
    boolean statusOnly = now != null && now.equals(before);
    report.accept(List.of(Watched.moved(scope, name, event.resourceVersion(), object, statusOnly,
        judged.contains(scope))));
  }

  /** A watch whose version is gone: dropped (closed off its own thread), and started again at the next sync. */
  private void ended(WatchScope scope) {
    ObjectWatch watcher = watches.remove(scope);
    if (watcher != null) {
      var unused = java.util.concurrent.CompletableFuture.runAsync(watcher::close);
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
