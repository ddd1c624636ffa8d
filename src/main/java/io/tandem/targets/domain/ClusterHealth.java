package io.tandem.targets.domain;

import java.time.Instant;

/**
 * The outcome of one health check; {@code error} says why a cluster could not be reached.
 *
 * @param clusterId the uid of the cluster's {@code kube-system} namespace, which tells one cluster from another
 *     whatever URL reaches it; {@code null} when it could not be read
 */
public record ClusterHealth(boolean reachable, String serverVersion, Integer latencyMs, String error, Instant checkedAt,
    String clusterId) {

  public ClusterHealth(boolean reachable, String serverVersion, Integer latencyMs, String error, Instant checkedAt) {
    this(reachable, serverVersion, latencyMs, error, checkedAt, null);
  }
}
