package io.tandem.workers.domain;

import io.tandem.action.domain.RefreshQueue;
import io.tandem.common.yaml.ObjectKey;
import io.tandem.health.domain.HealthTracker;
import io.tandem.health.status.ObjectHealth;
import io.tandem.live.domain.LiveStore;
import io.tandem.targets.domain.TargetService;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Service;

/**
 * What a worker watches in its cluster, for the server: the objects of the units applied to its targets, with the
 * resource versions last seen. The worker watches them and reports each that moved since; its unit is refreshed
 * (through the worker), which captures a break-glass change as on a directly connected target.
 */
@Service
public class WorkerWatches {

  /** One object on a worker's target, as last seen ({@code resourceVersion}). */
  public record WatchedObject(String target, String apiVersion, String kind, String namespace, String name,
      String resourceVersion) {}

  /** An object to watch, and whether a health rule judges its kind (then the worker reports it whole when it moves). */
  public record ToWatch(WatchedObject object, boolean judgedByRule) {}

  /**
   * One object on a worker's target as it moved: its new version ({@code null}: gone), its health as the worker saw
   * it ({@code null} from a worker that does not say), whether only its status or server metadata moved, and the
   * object itself where a health rule judges its kind ({@code null} otherwise, or from a worker that does not send it).
   */
  public record MovedObject(WatchedObject object, ObjectHealth health, boolean statusOnly, Map<String, Object> whole) {}

  private final TargetService targets;
  private final Workers workers;
  private final LiveStore live;
  private final RefreshQueue refreshes;
  private final HealthTracker health;

  WorkerWatches(TargetService targets, Workers workers, LiveStore live, RefreshQueue refreshes, HealthTracker health) {
    this.workers = workers;
    this.targets = targets;
    this.live = live;
    this.refreshes = refreshes;
    this.health = health;
  }

  /**
   * The objects the worker is to watch: those of the targets it serves now. A standby watches nothing until the
   * target's worker is not connected; then its first list finds what moved meanwhile, from the versions last seen.
   */
  public List<ToWatch> watchedBy(ClusterWorker worker) {
    List<String> served = targets.workersByTarget().entrySet().stream()
        .filter(target -> target.getValue().contains(worker.name())
            && workers.active(target.getValue()).map(ClusterWorker::id).filter(worker.id()::equals).isPresent())
        .map(Map.Entry::getKey).toList();
    return live.watchedObjectsOn(served).stream()
        .map(object -> new ToWatch(new WatchedObject(object.target(), object.apiVersion(), object.kind(),
            object.namespace(), object.name(), object.resourceVersion()),
            health.judgedByARule(ObjectKey.of(object.apiVersion(), object.kind(), object.namespace(), object.name()))))
        .toList();
  }

  /**
   * Keeps the health of each unit whose object on one of the worker's targets moved current, as the server's own
   * watches do, and queues a refresh of those whose objects' content moved, or whose object a health rule judges; objects of other targets, and ones that
   * no unit applied, are passed over. How many refreshes were queued.
   */
  public int moved(ClusterWorker worker, List<MovedObject> moved) {
    Set<String> own = new HashSet<>(targets.reachedThrough(worker.name()));
    Map<String, Map<ObjectKey, List<MovedObject>>> byTarget = new HashMap<>();
    for (MovedObject change : moved) {
      if (own.contains(change.object().target())) {
        byTarget.computeIfAbsent(change.object().target(), target -> new HashMap<>())
            .computeIfAbsent(key(change.object()), key -> new ArrayList<>()).add(change);
      }
    }
    Map<String, Set<ObjectKey>> keys = new HashMap<>();
    byTarget.forEach((target, changes) -> keys.put(target, changes.keySet()));
    Set<UUID> units = new HashSet<>();
    for (LiveStore.WatchedObject object : live.watchedObjectsAmong(keys)) {
      ObjectKey key = ObjectKey.of(object.apiVersion(), object.kind(), object.namespace(), object.name());
      boolean ruled = health.judgedByARule(key);
      for (MovedObject change : byTarget.get(object.target()).getOrDefault(key, List.of())) {
        // a worker judges by the built-in rules alone: a kind a health rule covers is judged here, from the object
        // it sent, or else read by a refresh
        boolean judged = !ruled || change.whole() != null || change.object().resourceVersion() == null;
        if (judged) {
          observe(change);
        }
        if (!judged || !change.statusOnly()) {
          units.add(object.unitId());
        }
      }
    }
    return (int) units.stream().map(refreshes::enqueueBackgroundRefresh).filter(Optional::isPresent).count();
  }

  private void observe(MovedObject change) {
    WatchedObject object = change.object();
    if (change.whole() != null && object.resourceVersion() != null) {
      health.observed(object.target(), key(object), change.whole(), object.resourceVersion());
    } else if (change.health() != null) {
      health.observed(object.target(), key(object), change.health(), object.resourceVersion());
    }
  }

  private static ObjectKey key(WatchedObject object) {
    return ObjectKey.of(object.apiVersion(), object.kind(), object.namespace(), object.name());
  }
}
