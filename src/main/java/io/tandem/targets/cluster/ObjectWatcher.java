package io.tandem.targets.cluster;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.dsl.FilterWatchListDeletable;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.tandem.targets.domain.ListedObjects;
import io.tandem.targets.domain.ObjectEvent;
import io.tandem.targets.domain.ObjectWatch;
import io.tandem.targets.domain.WatchListener;
import io.tandem.targets.domain.WatchScope;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * The watch of one kind in one namespace, for the server's watches and a worker's alike: it lists the objects, then
 * watches from the list's resource version, so that no change falls between the two, and says what it sees in domain
 * terms ({@link WatchListener}).
 */
final class ObjectWatcher implements ObjectWatch {

  private final Watch watch;
  private final Consumer<ObjectWatcher> closed;
  private final AtomicBoolean open = new AtomicBoolean(true);

  private ObjectWatcher(Watch watch, Consumer<ObjectWatcher> closed) {
    this.watch = watch;
    this.closed = closed;
  }

  /**
   * Lists and starts watching; throws when the cluster cannot be listed or watched.
   *
   * @param closed told once, when the watch is closed (not when it ends by itself)
   */
  static ObjectWatcher start(KubernetesClient client, WatchScope scope, WatchListener listener,
      Consumer<ObjectWatcher> closed) {
    FilterWatchListDeletable<HasMetadata, KubernetesResourceList<HasMetadata>, ?> objects =
        Watches.objects(client, scope.apiVersion(), scope.kind(), scope.namespace());
    KubernetesSerialization serialization = client.getKubernetesSerialization();
    KubernetesResourceList<HasMetadata> list = objects.list();
    Map<String, String> versions = new HashMap<>();
    Map<String, HasMetadata> byName = new HashMap<>();
    list.getItems().forEach(item -> {
      versions.put(item.getMetadata().getName(), version(item));
      byName.put(item.getMetadata().getName(), item);
    });
    listener.listed(new ListedObjects(Map.copyOf(versions), name -> tree(serialization, byName.get(name))));
    Watch watch = objects.watch(list.getMetadata().getResourceVersion(), new Watcher<>() {
      @Override
      public void eventReceived(Action action, HasMetadata resource) {
        ObjectEvent.Change change = switch (action) {
          case ADDED -> ObjectEvent.Change.Added;
          case MODIFIED -> ObjectEvent.Change.Modified;
          case DELETED -> ObjectEvent.Change.Deleted;
          default -> null; // errors and bookmarks are the client's
        };
        if (change != null) {
          listener.seen(new ObjectEvent(change, resource.getMetadata().getName(),
              change == ObjectEvent.Change.Deleted ? null : version(resource), () -> tree(serialization, resource)));
        }
      }

      @Override
      public void onClose(WatcherException cause) {
        // The client reconnects by itself while it can resume; it gives up when the version it resumes from is gone.
        listener.ended(cause.getMessage());
      }
    });
    return new ObjectWatcher(watch, closed);
  }

  Watch watch() {
    return watch;
  }

  @Override
  public void close() {
    if (open.compareAndSet(true, false)) {
      watch.close();
      closed.accept(this);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> tree(KubernetesSerialization serialization, HasMetadata object) {
    return object == null ? null : serialization.convertValue(object, Map.class);
  }

  private static String version(HasMetadata object) {
    return Objects.requireNonNullElse(object.getMetadata().getResourceVersion(), "");
  }
}
