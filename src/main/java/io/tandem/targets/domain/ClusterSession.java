package io.tandem.targets.domain;

import io.tandem.common.yaml.ObjectKey;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** An open connection to a target's cluster; nothing is sent until it is used, and closing it closes it. */
public interface ClusterSession extends AutoCloseable {

  Target target();

  /**
   * Applies the objects of {@code data} server-side (field manager {@code tandem}), in dependency order, and deletes
   * what {@code previousData} has and {@code data} does not (prune).
   *
   * @param spare objects never to delete (another unit applied them)
   */
  ApplyReport apply(String data, String previousData, Set<ObjectKey> spare);

  /**
   * What {@link #apply} would do, asked of the API server with {@code dryRun=All}: the same objects, field manager
   * and conflict handling; nothing is written. Throws when the cluster cannot be reached or read.
   */
  DryRun dryRun(String data, String previousData, Set<ObjectKey> spare);

  /** Deletes the objects of {@code data}, dependants first, except those in {@code spare} (another unit's). */
  ApplyReport destroy(String data, Set<ObjectKey> spare);

  /**
   * The objects of {@code data} as the cluster has them now, in the order of {@code data}; {@code null} for an object
   * that is not there. Throws when the cluster cannot be read.
   */
  List<Map<String, Object>> read(String data);

  /**
   * The namespaced objects that {@code selection} picks, as the cluster has them now.
   *
   * @throws io.tandem.common.error.TandemException {@code validation-failed} for a kind the cluster does not serve,
   *     one that several API groups serve (it must then be named {@code group/Kind}), or one that is not namespaced
   * @throws RuntimeException when the cluster cannot be reached or read
   */
  ClusterListing list(ObjectSelection selection);

  @Override
  void close();
}
