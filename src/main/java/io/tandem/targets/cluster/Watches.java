package io.tandem.targets.cluster;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.dsl.FilterWatchListDeletable;
import io.fabric8.kubernetes.client.dsl.MixedOperation;
import io.fabric8.kubernetes.client.dsl.internal.AbstractWatchManager;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** What the server's watches and a worker's share: the objects of one kind in one namespace, and closing watches. */
final class Watches {

  private static final Duration CLOSE_WAIT = Duration.ofSeconds(2);

  private Watches() {}

  /** The objects of {@code kind} in {@code namespace} (empty: of cluster scope), to list and watch. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static FilterWatchListDeletable<HasMetadata, KubernetesResourceList<HasMetadata>, ?> objects(
      KubernetesClient client, String apiVersion, String kind, String namespace) {
    Map<String, Object> probe = new HashMap<>();
    probe.put("apiVersion", apiVersion);
    probe.put("kind", kind);
    probe.put("metadata", Map.of("name", "probe"));
    HasMetadata typed = client.getKubernetesSerialization().convertValue(probe, HasMetadata.class);
    MixedOperation operation = typed instanceof GenericKubernetesResource
        ? client.genericKubernetesResources(apiVersion, kind) : client.resources(typed.getClass());
    boolean namespaced = !namespace.isEmpty() && (typed instanceof Namespaced || typed instanceof GenericKubernetesResource);
    return namespaced ? (FilterWatchListDeletable) operation.inNamespace(namespace) : operation;
  }

  /**
   * Gives closed watches a moment to finish their close handshake: a client closed before that completes it on an
   * event loop that is gone, which Netty logs as an error with a stack trace.
   */
  static void awaitClosed(List<Watch> closing) {
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
}
