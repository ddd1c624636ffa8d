package io.tandem.targets.domain;

import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.ObjectKey;
import java.util.List;

/** The port to Kubernetes clusters: what the target domain asks of a cluster, in domain types. */
public interface ClusterClient {

  /**
   * A session on the cluster the credentials reach, once the server (and proxy) it would call are checked again.
   *
   * @throws TandemException {@code destination-not-allowed}
   */
  ClusterSession open(Target target, TargetCredentials credentials);

  /** Asks the cluster for its version; never throws. The error names the failure, not the credentials. */
  ClusterHealth check(TargetCredentials credentials);

  /**
   * At registration: refuses credentials that cannot be used.
   *
   * @throws TandemException {@code validation-failed} for a kubeconfig, certificate or key that cannot be read,
   *     {@code destination-not-allowed} for a server (or proxy) this server must not call
   */
  void requireUsable(TargetCredentials credentials);

  /** The URL of the API server the credentials name, without a trailing slash. */
  String server(TargetCredentials credentials);

  /**
   * Which objects {@code data} names on a target whose namespace is {@code defaultNamespace}: one per resource, in
   * the order of {@code data}.
   */
  List<ObjectKey> keys(String data, String defaultNamespace);

  /** A failure in words of our own, never the text a server sent. */
  String describe(Throwable failure);

  /**
   * Whether a failure is that this server could not connect to the cluster at all, rather than an answer of the
   * cluster: another server, in another network, may still reach it.
   */
  boolean notConnected(Throwable failure);
}
