package io.tandem.imports.domain;

import io.tandem.common.naming.Slugs;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How a cluster import cuts objects into units, and names them. Each group has names from the shortest to the most
 * particular: by namespace {@code <namespace>}; by app {@code <app>}, then {@code <namespace>-<app>}; by object
 * {@code <name>}, then {@code <name>-<kind>}, then {@code <namespace>-<name>-<kind>} (objects without an app label,
 * grouped by app, are grouped by object). A unit of the space is a name taken ({@link NameLadders}).
 */
final class Grouping {

  enum By { namespace, app, object }

  /**
   * A unit to be: its name, or why it has none ({@code slug} null), and its objects in a readable order. Units come
   * by name, those without one last.
   */
  record Unit(String slug, List<ImportObject> objects, String failure) {}

  private static final List<String> KIND_ORDER = List.of("Namespace", "NetworkPolicy", "ResourceQuota", "LimitRange",
      "PodDisruptionBudget", "ServiceAccount", "Secret", "ConfigMap", "PersistentVolumeClaim", "Role", "RoleBinding",
      "Service", "DaemonSet", "Pod", "ReplicaSet", "Deployment", "StatefulSet", "Job", "CronJob", "Ingress",
      "HorizontalPodAutoscaler");

  private Grouping() {}

  /** @param taken the units of the space */
  static List<Unit> units(List<ImportObject> objects, By by, Set<String> taken) {
    Map<String, List<ImportObject>> groups = new LinkedHashMap<>();
    for (ImportObject object : objects) {
      groups.computeIfAbsent(group(object, by), absent -> new ArrayList<>()).add(object);
    }
    List<List<ImportObject>> members = new ArrayList<>(groups.values());
    members.sort(Comparator.comparing((List<ImportObject> group) -> names(group.get(0), by).get(0))
        .thenComparing(group -> group(group.get(0), by)));
    List<List<String>> names = members.stream().map(group -> names(group.get(0), by)).toList();
    int[] level = NameLadders.levels(names, taken);
    Set<String> given = new LinkedHashSet<>(taken);
    List<Unit> units = new ArrayList<>();
    for (int group = 0; group < names.size(); group++) {
      String slug = names.get(group).get(level[group]);
      units.add(given.add(slug) ? new Unit(slug, ordered(members.get(group)), null)
          : new Unit(null, ordered(members.get(group)), "No free unit name: " + String.join(", ", names.get(group))
              + (taken.contains(slug) ? " are units of the space already." : " are taken by other units of this import.")));
    }
    units.sort(Comparator.comparing((Unit unit) -> unit.slug() == null ? "~" : unit.slug()));
    return units;
  }

  /** Which group the object goes into. */
  private static String group(ImportObject object, By by) {
    return by == By.namespace ? object.namespace()
        : by == By.app && object.app() != null ? object.namespace() + "/" + object.app()
        : object.namespace() + "/" + object.apiVersion() + "/" + object.kind() + "/" + object.name();
  }

  /** The group's names, from the one it gets when nothing else is called so to the most particular. */
  private static List<String> names(ImportObject object, By by) {
    String app = object.app();
    List<String> names = by == By.namespace ? List.of(object.namespace())
        : by == By.app && app != null ? List.of(app, object.namespace() + "-" + app)
        : List.of(object.name(), object.name() + "-" + object.kind(), object.namespace() + "-" + object.name() + "-" + object.kind());
    Set<String> slugs = new LinkedHashSet<>();
    names.stream().map(Slugs::derive).filter(slug -> !slug.isEmpty()).forEach(slugs::add);
    return List.copyOf(slugs);
  }

  private static List<ImportObject> ordered(List<ImportObject> objects) {
    return objects.stream().sorted(Comparator.comparingInt((ImportObject object) -> rank(object.kind()))
        .thenComparing(ImportObject::kind).thenComparing(ImportObject::namespace).thenComparing(ImportObject::name)).toList();
  }

  private static int rank(String kind) {
    int index = KIND_ORDER.indexOf(kind);
    return index < 0 ? KIND_ORDER.size() : index;
  }
}
