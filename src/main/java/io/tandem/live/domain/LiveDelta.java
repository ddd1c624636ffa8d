package io.tandem.live.domain;

import io.tandem.common.yaml.FieldOwners;
import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.LiveCleaner;
import io.tandem.common.yaml.ResourceChange;
import io.tandem.common.yaml.ResourcePatch;
import io.tandem.common.yaml.StructuralDiff;
import io.tandem.function.domain.FunctionRunner;
import io.tandem.space.domain.IgnoreRules;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The three-way part of a refresh: what changed between the baseline (the live state when configuration and cluster
 * last agreed) and the live state now, both cleaned. Defaults the API server fills in are in both, so they never
 * show. Changes to fields that an ignored manager (a controller such as an HPA's) owns are left out, and so are those
 * an ignore rule of the unit or its space covers.
 */
public final class LiveDelta {

  private LiveDelta() {}

  /** One live change, with the field managers that own the changed field (not counting Tandem itself). */
  public record Change(int resourceIndex, ResourceChange change, Set<String> managers) {}

  /**
   * The live changes since the baseline, without those ignored managers own or ignore rules cover.
   *
   * @param identities the unit's resources (their ids name the changes), in the order of the two lists
   * @param baseline cleaned objects, one per identity
   * @param current the objects as read now, with their managedFields, one per identity; {@code null} when missing
   */
  public static List<Change> between(
      List<KubernetesResource> identities, List<Map<String, Object>> baseline, List<Map<String, Object>> current,
      Set<String> ignoredManagers, IgnoreRules rules) {
    List<Change> changes = new ArrayList<>();
    for (int i = 0; i < identities.size(); i++) {
      if (current.get(i) == null || i >= baseline.size() || baseline.get(i) == null) {
        continue;
      }
      KubernetesResource identity = identities.get(i);
      Map<String, Object> now = LiveCleaner.clean(FunctionRunner.deepCopy(current.get(i)));
      List<ResourceChange> diff =
          StructuralDiff.between(List.of(as(identity, baseline.get(i))), List.of(as(identity, now)));
      for (ResourceChange change : diff) {
        Set<String> owners = new LinkedHashSet<>(FieldOwners.of(current.get(i), change.path()));
        owners.remove("tandem");
        if (owners.stream().anyMatch(ignoredManagers::contains)) {
          continue; // a controller's field, such as replicas under an autoscaler: not configuration
        }
        if (rules.ignores(identity.apiVersion(), identity.kind(), identity.namespace(), identity.name(), change.path(), owners)) {
          continue;
        }
        changes.add(new Change(i, change, owners));
      }
    }
    return changes;
  }

  /** {@code head} (deep-copied) with the changes made to it, path by path. */
  public static List<Map<String, Object>> applyTo(List<KubernetesResource> head, List<Change> changes) {
    List<Map<String, Object>> result = new ArrayList<>();
    head.forEach(resource -> result.add(FunctionRunner.deepCopy(resource.content())));
    for (Change change : changes) {
      ResourcePatch.apply(result.get(change.resourceIndex()), change.change());
    }
    return result;
  }

  private static KubernetesResource as(KubernetesResource identity, Map<String, Object> content) {
    return new KubernetesResource(identity.apiVersion(), identity.kind(), identity.namespace(), identity.name(), content,
        identity.document(), identity.line());
  }

}
