package io.tandem.targets.domain;

import java.util.Arrays;
import java.util.List;

/**
 * The port to clusters reached through a worker ({@code tandem worker run}) that runs beside them and connects out to
 * the server: the server sends it what a {@link ClusterSession} asks and holds no credential of the cluster. A target
 * may name standbys after its worker: the first of them connected serves it while the worker is not.
 */
public interface WorkerClusters {

  /**
   * Published by the workers' side when a worker that was not connected asks for work: the targets it serves are
   * checked at once rather than at the next interval.
   */
  record Connected(String worker) {}

  /** The scheme of a worker-connected target's {@code server}: {@code worker://<name>[,<standby>…]}. */
  String SCHEME = "worker://";

  /** A session on the target's cluster through the first connected of {@code workers}; nothing is sent until used. */
  ClusterSession open(Target target, List<String> workers);

  /** Whether one of the workers is connected now, and which; never throws. */
  ClusterHealth check(List<String> workers);

  /**
   * At registration: refuses a worker that is not registered.
   *
   * @throws io.tandem.common.error.TandemException {@code validation-failed}
   */
  void requireUsable(String worker);

  /** The workers a target's {@code server} names, in order; empty for a directly connected target. */
  static List<String> workersOf(String server) {
    return server == null || !server.startsWith(SCHEME) ? List.of()
        : Arrays.stream(server.substring(SCHEME.length()).split(",")).toList();
  }
}
