package io.tandem.targets.cluster;

import io.tandem.common.net.OutboundPolicy;
import io.tandem.common.net.OutboundProperties;
import io.tandem.targets.domain.ClusterClient;
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

  static ClusterConnector connector() {
    return CONNECTOR;
  }

  /** Whether a failure is that the cluster could not be connected to at all. */
  public static boolean notConnected(Throwable failure) {
    return ClusterConnector.notConnected(failure);
  }
}
