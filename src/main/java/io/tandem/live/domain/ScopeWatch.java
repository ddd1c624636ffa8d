package io.tandem.live.domain;

import io.tandem.action.domain.RefreshQueue;
import io.tandem.common.yaml.ObjectKey;
import io.tandem.health.domain.HealthTracker;
import io.tandem.targets.domain.ListedObjects;
import io.tandem.targets.domain.ObjectEvent;
import io.tandem.targets.domain.ObjectWatch;
import io.tandem.targets.domain.WatchListener;
import io.tandem.targets.domain.WatchScope;
import io.tandem.targets.domain.WatchSession;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the server makes of the watch of one scope: its list refreshes the units whose objects moved since the last
 * list; then a change of a unit's object (of what is left once status and server metadata are cleaned off) or its
 * deletion queues a background refresh of the unit, and every event of one keeps (as the list does) the health of
 * the unit's objects current from their status, without a refresh. When the watch ends
 * for good (410 Gone), it says so to {@code ended}, which lists again.
 */
final class ScopeWatch implements WatchListener {

  private static final Logger log = LoggerFactory.getLogger(ScopeWatch.class);

  private final WatchScope scope;
  private final WatchedObjects watched;
  private final RefreshQueue queue;
  private final HealthTracker health;
  private final Consumer<WatchScope> ended;

  private ScopeWatch(WatchScope scope, WatchedObjects watched, RefreshQueue queue, HealthTracker health,
      Consumer<WatchScope> ended) {
    this.scope = scope;
    this.watched = watched;
    this.queue = queue;
    this.health = health;
    this.ended = ended;
  }

  /** Lists and starts watching; throws when the cluster cannot be listed or watched. */
  static ObjectWatch start(WatchSession session, WatchScope scope, WatchedObjects watched, RefreshQueue queue,
      HealthTracker health, Consumer<WatchScope> ended) {
    return session.watch(scope, new ScopeWatch(scope, watched, queue, health, ended));
  }

  @Override
  public void listed(ListedObjects listed) {
    watched.relisted(scope, listed.versions()).forEach(queue::enqueueBackgroundRefresh);
    for (String name : watched.names(scope)) {
      Map<String, Object> object = listed.object(name);
      if (object != null) {
        watched.changed(scope, name, listed.versions().get(name), object);
      }
      observed(name, object, listed.versions().get(name));
    }
  }

  @Override
  public void seen(ObjectEvent event) {
    // of every object, a unit's or not yet: an apply's own event may come before the apply names the object here
    watched.seen(scope, event.name(), event.resourceVersion());
    UUID unitId = watched.unitOf(scope, event.name());
    if (unitId == null || event.change() == ObjectEvent.Change.Added) {
      // made by an apply, whose answer health and content are taken from, or made again after a deletion, which the
      // deletion's refresh reads
      return;
    }
    Map<String, Object> object = event.object();
    // a status a controller wrote is no change to refresh; health is kept current from it below
    boolean changed = object == null || watched.changed(scope, event.name(), event.resourceVersion(), object);
    observed(event.name(), object, event.resourceVersion());
    if (changed) {
      queue.enqueueBackgroundRefresh(unitId);
    }
  }

  @Override
  public void ended(String reason) {
    log.info("Watch of {} {} in '{}' on target {} ended ({}); listing them again", scope.apiVersion(), scope.kind(),
        scope.namespace(), scope.target(), reason);
    ended.accept(scope);
  }

  private void observed(String name, Map<String, Object> object, String resourceVersion) {
    ObjectKey key = ObjectKey.of(scope.apiVersion(), scope.kind(), scope.namespace(), name);
    health.observed(scope.target(), key, object, object == null ? null : resourceVersion);
  }
}
