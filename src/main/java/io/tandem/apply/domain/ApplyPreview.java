package io.tandem.apply.domain;

import io.tandem.common.yaml.ResourceChange;
import java.util.List;

/**
 * What an apply would change on the cluster, as the API server answered a dry run of it: per object what it would
 * do, the paths that would change (server defaults and server-managed fields are in both sides, so they do not show),
 * a unified diff, what the prune would delete and what would refuse the apply. Nothing was written.
 *
 * @param objects the revision's objects in the order of its data, then those the prune would delete
 * @param changes as {@code diff} names them: resources by the ids of the unit's data
 * @param prune the objects the prune would delete
 * @param gates why the apply would be refused; empty when it would run
 * @param takenOver the fields the apply would take from other field managers
 * @param ignored changes to fields that the unit's or its space's ignore rules cover (by path), not in {@code changes}
 */
public record ApplyPreview(String target, int revision, List<PreviewObject> objects, List<ResourceChange> changes,
    String unified, List<PreviewObject> prune, List<String> gates, List<String> takenOver,
    List<ResourceChange> ignored) {

  public enum Operation {
    create,
    update,
    unchanged,
    delete
  }

  /**
   * One object.
   *
   * @param resource its id in the unit's data ({@code apps/v1/Deployment//paymentservice})
   * @param namespace where it is on the cluster; empty for cluster-scoped objects
   * @param note why the API server's answer is not shown (it refused the object, or could not check it yet)
   */
  public record PreviewObject(
      String resource, String kind, String namespace, String name, Operation operation, String note) {}
}
