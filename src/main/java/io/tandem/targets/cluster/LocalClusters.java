package io.tandem.targets.cluster;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.tandem.common.net.OutboundPolicy;
import io.tandem.common.net.OutboundProperties;
import io.tandem.targets.domain.ClusterClient;
import io.tandem.targets.domain.ObjectWatch;
import io.tandem.targets.domain.TargetCredentials;
import io.tandem.targets.domain.WatchListener;
import io.tandem.targets.domain.WatchScope;
import java.time.Clock;
import java.util.List;

/**
 * The cluster port for a worker beside its own cluster: the same fabric8 sessions as the server's direct connections,
 * allowed to call any address, since the worker's kubeconfig (or ServiceAccount) names its own cluster, often on a
 * private or loopback address.
 */
public final class LocalClusters {

  private static final ClusterConnector CONNECTOR = new ClusterConnector(Clock.systemUTC(),
      new OutboundPolicy(new OutboundProperties(true, List.of("0.0.0.0/0", "::/0"))));

  private LocalClusters() {}

  public static ClusterClient client() {
    return new Fabric8ClusterClient(CONNECTOR);
  }

  /**
   * Lists and watches one scope of the worker's cluster, as the server's watches do, on a client of its own that
   * closes with the watch; throws when the cluster cannot be listed or watched.
   */
  public static ObjectWatch watch(TargetCredentials credentials, WatchScope scope, WatchListener listener) {
    KubernetesClient client = CONNECTOR.connect(credentials, null);
    try {
      return ObjectWatcher.start(client, scope, listener, watcher -> {
        Watches.awaitClosed(List.of(watcher.watch()));
        client.close();
      });
    } catch (RuntimeException e) {
      client.close();
      throw e;
    }
  }

  /** Whether a failure is that the cluster could not be connected to at all. */
  public static boolean notConnected(Throwable failure) {
    return ClusterConnector.notConnected(failure);
  }
}
