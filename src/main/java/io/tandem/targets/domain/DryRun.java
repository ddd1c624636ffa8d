package io.tandem.targets.domain;

import java.util.List;
import java.util.Map;

/**
 * What the API server answered to an apply run with {@code dryRun=All}: nothing of it was written.
 *
 * @param objects one per resource of the data, in the order of the data
 * @param pruned one per resource of the previous data, in its order: the object as it is now where the prune would
 *     delete it, {@code null} where it would not (the new data keeps it, another unit applied it, or it is gone)
 * @param takenOver the fields the apply would take from other field managers ({@code … .spec.replicas (kubectl)})
 */
public record DryRun(List<Applied> objects, List<Map<String, Object>> pruned, List<String> takenOver) {

  /**
   * One object.
   *
   * @param namespace where the apply would put it (the target's namespace for a namespaced object without one);
   *     empty for cluster-scoped objects
   * @param live the object as it is now, {@code null} when it does not exist
   * @param result the object as the API server would store it; {@code null} when it refused the object
   * @param note why {@code result} is not the server's answer, or why the server refused the object; null when it is
   */
  public record Applied(String namespace, Map<String, Object> live, Map<String, Object> result, String note) {}
}
