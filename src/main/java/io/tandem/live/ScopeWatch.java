package io.tandem.live;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.dsl.FilterWatchListDeletable;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.tandem.targets.cluster.Watches;
import io.tandem.targets.domain.HealthTracker;
import io.tandem.targets.domain.ObjectKey;
import io.tandem.worker.RefreshQueue;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The watch of one scope: lists its objects, refreshes the units whose objects moved since the last list, then watches
 * from the list's resource version, so no change falls between the two. A change or deletion of a unit's object
 * queues a background refresh of the unit, and every event (and the list) keeps the health of the unit's objects
 * current from their status, without a refresh. The client resumes a broken watch from the last version it saw; when that
 * version is gone (410 Gone), the watch ends and says so to {@code ended}, which lists again.
 */
final class ScopeWatch implements Watcher<HasMetadata> {

  private static final Logger log = LoggerFactory.getLogger(ScopeWatch.class);

  private final WatchScope scope;
  private final WatchedObjects watched;
  private final RefreshQueue queue;
  private final Health health;
  private final Consumer<WatchScope> ended;

  /** Where the watch reports the objects it sees, for their health. */
  record Health(HealthTracker tracker, KubernetesSerialization serialization) {

    @SuppressWarnings("unchecked")
    void observed(WatchScope scope, String name, HasMetadata object) {
      ObjectKey key = ObjectKey.of(scope.apiVersion(), scope.kind(), scope.namespace(), name);
      tracker.observed(scope.target(), key, object == null ? null : serialization.convertValue(object, Map.class),
          object == null ? null : object.getMetadata().getResourceVersion());
    }
  }

  private ScopeWatch(WatchScope scope, WatchedObjects watched, RefreshQueue queue, Health health,
      Consumer<WatchScope> ended) {
    this.scope = scope;
    this.watched = watched;
    this.queue = queue;
    this.health = health;
    this.ended = ended;
  }

  /** Lists and starts watching; throws when the cluster cannot be listed or watched. */
  static Watch start(KubernetesClient client, WatchScope scope, WatchedObjects watched, RefreshQueue queue,
      HealthTracker tracker, Consumer<WatchScope> ended) {
    FilterWatchListDeletable<HasMetadata, KubernetesResourceList<HasMetadata>, ?> objects =
        Watches.objects(client, scope.apiVersion(), scope.kind(), scope.namespace());
    KubernetesResourceList<HasMetadata> listed = objects.list();
    Map<String, String> versions = new HashMap<>();
    Map<String, HasMetadata> byName = new HashMap<>();
    listed.getItems().forEach(item -> {
      versions.put(item.getMetadata().getName(), versionOf(item));
      byName.put(item.getMetadata().getName(), item);
    });
    watched.relisted(scope, versions).forEach(queue::enqueueBackgroundRefresh);
    Health health = new Health(tracker, client.getKubernetesSerialization());
    watched.names(scope).forEach(name -> health.observed(scope, name, byName.get(name)));
    return objects.watch(listed.getMetadata().getResourceVersion(), new ScopeWatch(scope, watched, queue, health, ended));
  }

  @Override
  public void eventReceived(Action action, HasMetadata resource) {
    if (action != Action.ADDED && action != Action.MODIFIED && action != Action.DELETED) {
      return;
    }
    String name = resource.getMetadata().getName();
    UUID unitId = watched.unitOf(scope, name);
    if (unitId == null) {
      return;
    }
    health.observed(scope, name, action == Action.DELETED ? null : resource);
    if (action == Action.ADDED) {
      return; // made again after a deletion: the refresh of the deletion, or the apply that made it, covers it
    }
    watched.seen(scope, name, action == Action.DELETED ? null : versionOf(resource));
    queue.enqueueBackgroundRefresh(unitId);
  }

  @Override
  public void onClose(WatcherException cause) {
    // The client reconnects by itself while it can resume; it gives up when the version it resumes from is gone.
    log.info("Watch of {} {} in '{}' on target {} ended ({}); listing them again", scope.apiVersion(), scope.kind(),
        scope.namespace(), scope.target(), cause.getMessage());
    ended.accept(scope);
  }

  private static String versionOf(HasMetadata object) {
    return Objects.requireNonNullElse(object.getMetadata().getResourceVersion(), "");
  }
}
