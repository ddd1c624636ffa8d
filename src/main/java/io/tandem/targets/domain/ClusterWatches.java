package io.tandem.targets.domain;

import java.util.List;
import java.util.Map;

/**
 * The port to watch objects on targets' clusters, for the server's own watches of directly connected targets. A
 * worker beside its cluster watches with the same adapter ({@code targets.cluster}), so what happens in the cluster is
 * the same on both paths.
 */
public interface ClusterWatches {

  /**
   * A session on a target's cluster for its watches; nothing is sent until a watch starts.
   *
   * @throws io.tandem.common.error.TandemException as {@link TargetService#connect(String, java.util.function.BiFunction)},
   *     and {@code conflict} for a target reached through a worker, which its worker watches
   */
  WatchSession connect(String target);

  /**
   * Where the objects of {@code data} are watched on {@code target}: each scope with the names of its objects, in
   * apply order (namespaces first); a namespaced object without a namespace is in {@code defaultNamespace}.
   */
  Map<WatchScope, List<String>> scopesOf(String target, String data, String defaultNamespace);

  /** A failure to connect or watch in words of our own, never the text a server sent. */
  String describe(Throwable failure);
}
