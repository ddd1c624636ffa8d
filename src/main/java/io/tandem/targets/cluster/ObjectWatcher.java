package io.tandem.targets.cluster;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.dsl.FilterWatchListDeletable;
import io.tandem.targets.domain.TargetCredentials;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiConsumer;

/**
 * A worker's watch of one kind in one namespace of its own cluster: it lists them, then watches from the list's
 * resource version, so that no change falls between the two, and says what it sees in domain terms: an object's name
 * and resource version ({@code null} once deleted), and that the watch ended (its version is gone: list again).
 */
public final class ObjectWatcher implements AutoCloseable {

  /** What a watch lists at its start: each object's name and resource version. */
  private final Map<String, String> listed;
  private final KubernetesClient client;
  private final Watch watch;

  private ObjectWatcher(Map<String, String> listed, KubernetesClient client, Watch watch) {
    this.listed = listed;
    this.client = client;
    this.watch = watch;
  }

  /**
   * Lists and starts watching; throws when the cluster cannot be listed or watched.
   *
   * @param namespace empty for objects of cluster scope
   * @param seen an object's name and resource version after a change ({@code null}: deleted)
   * @param ended the watch ended for good; start another
   */
  public static ObjectWatcher start(TargetCredentials credentials, String apiVersion, String kind, String namespace,
      BiConsumer<String, String> seen, Runnable ended) {
    KubernetesClient client = LocalClusters.connector().connect(credentials, null);
    try {
      FilterWatchListDeletable<HasMetadata, KubernetesResourceList<HasMetadata>, ?> objects =
          Watches.objects(client, apiVersion, kind, namespace);
      KubernetesResourceList<HasMetadata> list = objects.list();
      Map<String, String> listed = new HashMap<>();
      list.getItems().forEach(item -> listed.put(item.getMetadata().getName(), version(item)));
      Watch watch = objects.watch(list.getMetadata().getResourceVersion(), new Watcher<>() {
        @Override
        public void eventReceived(Action action, HasMetadata resource) {
          if (action == Action.MODIFIED || action == Action.DELETED) {
            seen.accept(resource.getMetadata().getName(), action == Action.DELETED ? null : version(resource));
          }
        }

        @Override
        public void onClose(WatcherException cause) {
          ended.run();
        }
      });
      return new ObjectWatcher(listed, client, watch);
    } catch (RuntimeException e) {
      client.close();
      throw e;
    }
  }

  /** The objects the list at the start found, by name, with their resource versions. */
  public Map<String, String> listed() {
    return Map.copyOf(listed);
  }

  @Override
  public void close() {
    watch.close();
    Watches.awaitClosed(List.of(watch));
    client.close();
  }

  private static String version(HasMetadata object) {
    return Objects.requireNonNullElse(object.getMetadata().getResourceVersion(), "");
  }
}
