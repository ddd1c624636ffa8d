package io.tandem.targets.domain;

/**
 * The port to clusters reached through a worker ({@code tandem worker run}) that runs beside them and connects out to
 * the server: the server sends it what a {@link ClusterSession} asks and holds no credential of the cluster.
 */
public interface WorkerClusters {

  /** The scheme of a worker-connected target's {@code server}: {@code worker://<name>}. */
  String SCHEME = "worker://";

  /** A session on the target's cluster through its worker; nothing is sent until it is used. */
  ClusterSession open(Target target, String worker);

  /** Whether the worker is connected now, and the version of the cluster it last reported; never throws. */
  ClusterHealth check(String worker);

  /**
   * At registration: refuses a worker that is not registered.
   *
   * @throws io.tandem.common.error.TandemException {@code validation-failed}
   */
  void requireUsable(String worker);
}
