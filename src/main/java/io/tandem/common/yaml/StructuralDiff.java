package io.tandem.common.yaml;

import io.tandem.common.yaml.ResourceChange.Op;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The structural difference between two versions of a unit's data, as the smallest path-level changes.
 *
 * <p>Resources are matched by {@link KubernetesResource#id()}. Maps are compared key by key. Lists whose items are
 * all maps with a unique {@code name} (containers, ports, env …) are matched by name, so reordering or inserting an
 * item does not read as a change of every later item; other lists are compared position by position. Paths of
 * matched items use the index in the new list; paths of removed items use the index in the old list.
 */
public final class StructuralDiff {

  private final List<ResourceChange> changes = new ArrayList<>();
  private String resource;

  private StructuralDiff() {}

  public static List<ResourceChange> between(List<KubernetesResource> from, List<KubernetesResource> to) {
    StructuralDiff diff = new StructuralDiff();
    Map<String, KubernetesResource> before = new LinkedHashMap<>();
    from.forEach(r -> before.put(r.id(), r));
    Set<String> afterIds = new HashSet<>();
    to.forEach(r -> afterIds.add(r.id()));
    Set<String> seen = new HashSet<>();
    for (KubernetesResource after : to) {
      diff.resource = after.id();
      KubernetesResource old = before.containsKey(after.id()) ? before.get(after.id()) : moved(from, after, afterIds, seen);
      seen.add(old == null ? after.id() : old.id());
      if (old == null) {
        diff.add("", Op.add, null, after.content());
      } else {
        diff.compare("", old.content(), after.content());
      }
    }
    for (KubernetesResource old : from) {
      if (!seen.contains(old.id())) {
        diff.resource = old.id();
        diff.add("", Op.remove, old.content(), null);
      }
    }
    return List.copyOf(diff.changes);
  }

  /**
   * The resource that {@code after} was before its namespace or API version changed: same kind and name, and gone
   * from the new data. Such a change then reads as the change of those fields, not as a removal and an addition.
   */
  private static KubernetesResource moved(
      List<KubernetesResource> from, KubernetesResource after, Set<String> afterIds, Set<String> paired) {
    return from.stream()
        .filter(old -> old.kind().equals(after.kind()) && old.name().equals(after.name()))
        .filter(old -> !afterIds.contains(old.id()) && !paired.contains(old.id()))
        .findFirst()
        .orElse(null);
  }

  private void compare(String path, Object a, Object b) {
    if (a instanceof Map<?, ?> mapA && b instanceof Map<?, ?> mapB) {
      compareMaps(path, mapA, mapB);
    } else if (a instanceof List<?> listA && b instanceof List<?> listB) {
      if (isNamedList(listA) && isNamedList(listB)) {
        compareNamedLists(path, listA, listB);
      } else {
        comparePositionally(path, listA, listB);
      }
    } else if (!sameScalar(a, b)) {
      add(path, Op.replace, a, b);
    }
  }

  /** Integers are equal by value whatever their Java type (a parsed 3 is an Integer, a computed one may be a Long). */
  private static boolean sameScalar(Object a, Object b) {
    if (isIntegral(a) && isIntegral(b)) {
      return new BigInteger(a.toString()).equals(new BigInteger(b.toString()));
    }
    return Objects.equals(a, b);
  }

  private static boolean isIntegral(Object value) {
    return value instanceof Integer || value instanceof Long || value instanceof BigInteger;
  }

  private void compareMaps(String path, Map<?, ?> a, Map<?, ?> b) {
    for (Map.Entry<?, ?> entry : b.entrySet()) {
      String childPath = Paths.child(path, String.valueOf(entry.getKey()));
      if (a.containsKey(entry.getKey())) {
        compare(childPath, a.get(entry.getKey()), entry.getValue());
      } else {
        add(childPath, Op.add, null, entry.getValue());
      }
    }
    for (Map.Entry<?, ?> entry : a.entrySet()) {
      if (!b.containsKey(entry.getKey())) {
        add(Paths.child(path, String.valueOf(entry.getKey())), Op.remove, entry.getValue(), null);
      }
    }
  }

  private void compareNamedLists(String path, List<?> a, List<?> b) {
    Map<Object, Integer> oldIndex = new HashMap<>();
    for (int i = 0; i < a.size(); i++) {
      oldIndex.put(((Map<?, ?>) a.get(i)).get("name"), i);
    }
    Set<Object> matched = new HashSet<>();
    for (int i = 0; i < b.size(); i++) {
      Object name = ((Map<?, ?>) b.get(i)).get("name");
      Integer j = oldIndex.get(name);
      if (j == null) {
        add(Paths.child(path, i), Op.add, null, b.get(i));
      } else {
        matched.add(name);
        compare(Paths.child(path, i), a.get(j), b.get(i));
      }
    }
    for (int j = 0; j < a.size(); j++) {
      if (!matched.contains(((Map<?, ?>) a.get(j)).get("name"))) {
        add(Paths.child(path, j), Op.remove, a.get(j), null);
      }
    }
  }

  private void comparePositionally(String path, List<?> a, List<?> b) {
    int common = Math.min(a.size(), b.size());
    for (int i = 0; i < common; i++) {
      compare(Paths.child(path, i), a.get(i), b.get(i));
    }
    for (int i = common; i < b.size(); i++) {
      add(Paths.child(path, i), Op.add, null, b.get(i));
    }
    for (int i = a.size() - 1; i >= common; i--) {
      add(Paths.child(path, i), Op.remove, a.get(i), null);
    }
  }

  private static boolean isNamedList(List<?> list) {
    if (list.isEmpty()) {
      return false;
    }
    Set<Object> names = new HashSet<>();
    for (Object item : list) {
      if (!(item instanceof Map<?, ?> map) || !(map.get("name") instanceof String name) || !names.add(name)) {
        return false;
      }
    }
    return true;
  }

  private void add(String path, Op op, Object from, Object to) {
    changes.add(new ResourceChange(resource, path, op, from, to));
  }
}
