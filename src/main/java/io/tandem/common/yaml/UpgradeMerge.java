package io.tandem.common.yaml;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The three-way merge of an upgrade: what the upstream changed since the base (the upstream revision a clone was
 * last based on, or a chart's last rendering) is applied to the downstream's data (the unit's own), keeping the
 * downstream's own changes. A path both sides changed, to different values, is a conflict (a change to a path and one
 * to a path inside it count as the same path); the strategy decides it, or reports it.
 *
 * <p>Resources are matched by apiVersion, kind and name, not namespace, so a downstream that moved its objects to
 * its own namespace still receives the upstream's changes to them.
 */
public final class UpgradeMerge {

  private UpgradeMerge() {}

  public enum Strategy {
    /** Report conflicts and change nothing. */
    merge,
    /** Take the upstream's value where both sides changed a path. */
    upstreamWins,
    /** Keep the downstream's value where both sides changed a path. */
    downstreamWins;

    /**
     * The strategy a request names; none is {@code merge}.
     *
     * @throws TandemException {@code invalid-argument} for any other name
     */
    public static Strategy parse(String name) {
      if (name == null || name.isBlank()) {
        return merge;
      }
      try {
        return valueOf(name);
      } catch (IllegalArgumentException e) {
        throw TandemException.invalidArgument("Strategy must be merge, upstreamWins or downstreamWins, not '" + name + "'.");
      }
    }
  }

  /** A path both sides changed: what the upstream has now, and what the downstream has. */
  public record Conflict(String resource, String path, Object upstream, Object downstream) {}

  /** The merged resources, the upstream changes applied, and the conflicts (left to the strategy). */
  public record Result(List<Map<String, Object>> resources, List<ResourceChange> applied, List<Conflict> conflicts) {}

  public static Result merge(List<KubernetesResource> base, List<KubernetesResource> upstream,
      List<KubernetesResource> downstream, Strategy strategy) {
    List<ResourceChange> theirs = StructuralDiff.between(base, upstream);
    List<ResourceChange> ours = StructuralDiff.between(base, downstream);
    List<Map<String, Object>> merged = new ArrayList<>();
    List<String> keys = new ArrayList<>();
    for (KubernetesResource resource : downstream) {
      merged.add(Trees.deepCopy(resource.content()));
      keys.add(key(resource.apiVersion(), resource.kind(), resource.name()));
    }
    List<ResourceChange> applied = new ArrayList<>();
    List<Conflict> conflicts = new ArrayList<>();
    for (ResourceChange change : theirs) {
      ResourceChange clash = ours.stream()
          .filter(own -> sameResource(own.resource(), change.resource()) && overlaps(own.path(), change.path()))
          .filter(own -> !(own.op() == change.op() && own.path().equals(change.path()) && Objects.equals(own.to(), change.to())))
          .findFirst()
          .orElse(null);
      if (clash != null) {
        conflicts.add(new Conflict(change.resource(), change.path(), change.to(), clash.path().equals(change.path()) ? clash.to() : "(changed at " + clash.path() + ")"));
        if (strategy != Strategy.upstreamWins) {
          continue;
        }
      }
      String key = key(change.resource());
      int index = keys.indexOf(key);
      if (change.path().isEmpty()) {
        if (change.op() == ResourceChange.Op.remove && index >= 0) {
          merged.remove(index);
          keys.remove(index);
        } else if (change.op() == ResourceChange.Op.add && index < 0) {
          merged.add(Trees.deepCopy(contentOf(change.to())));
          keys.add(key);
        }
      } else if (index >= 0) {
        ResourcePatch.apply(merged.get(index), change);
      } else {
        continue; // the downstream removed the resource: nothing to change
      }
      applied.add(change);
    }
    return new Result(merged, applied, conflicts);
  }

  /**
   * The 409 conflict error of an upgrade whose conflicts the strategy left to the caller: the detail names every
   * path, and {@code conflicts} lists them with both values.
   *
   * @param upgrading what was upgraded, to start the detail: {@code Upgrading 'web' from … to …}
   */
  public static TandemException conflictError(String upgrading, List<Conflict> conflicts) {
    List<Map<String, Object>> list = new ArrayList<>();
    for (Conflict conflict : conflicts) {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("resource", conflict.resource());
      entry.put("path", conflict.path());
      entry.put("upstream", conflict.upstream());
      entry.put("downstream", conflict.downstream());
      list.add(entry);
    }
    String paths = String.join(", ", conflicts.stream().map(conflict -> conflict.resource() + " " + conflict.path()).toList());
    return new TandemException(ProblemCode.CONFLICT,
        upgrading + " conflicts at " + paths + "; choose strategy=upstreamWins or downstreamWins.", Map.of("conflicts", list));
  }

  /** The conflict with both values masked where it lies in a Secret's data (for callers who may not read them). */
  public static Conflict masked(Conflict conflict) {
    return new Conflict(conflict.resource(), conflict.path(),
        SecretMasker.maskAt(conflict.resource(), conflict.path(), conflict.upstream()),
        SecretMasker.maskAt(conflict.resource(), conflict.path(), conflict.downstream()));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> contentOf(Object value) {
    return (Map<String, Object>) value;
  }

  /** Whether one path is the other or lies inside it (an empty path is the whole resource). */
  static boolean overlaps(String a, String b) {
    return a.isEmpty() || b.isEmpty() || a.equals(b) || a.startsWith(b + ".") || b.startsWith(a + ".");
  }

  private static boolean sameResource(String a, String b) {
    return key(a).equals(key(b));
  }

  /** apiVersion/kind/name of a resource id (apiVersion/kind/namespace/name; apiVersion may hold a slash). */
  private static String key(String resourceId) {
    String[] parts = resourceId.split("/", -1);
    int n = parts.length;
    String apiVersion = String.join("/", Arrays.copyOfRange(parts, 0, n - 3));
    return key(apiVersion, parts[n - 3], parts[n - 1]);
  }

  private static String key(String apiVersion, String kind, String name) {
    return apiVersion + "/" + kind + "/" + name;
  }
}
