package io.tandem.imports.domain;

import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.ObjectKey;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Cuts a rendering into units. An object goes to the unit that holds it already, else to the unit of its group (or
 * the one that holds the rest of its group), else to a new unit for the group on an import, or to the unit named
 * after the rendering on a re-render: so an upgrade or a new commit keeps every object in its unit. A first import whose
 * objects make one group (one app, one namespace, one object) makes one unit named after the rendering.
 */
final class RenderParts {

  /** A unit made of the rendering before: its name, its part, and the objects its data holds now. */
  record Holder(String slug, RenderGroup group, Set<ObjectKey> holds) {

    static Holder of(String slug, RenderGroup group, List<KubernetesResource> objects) {
      return new Holder(slug, group, objects.stream().map(RenderParts::key).collect(Collectors.toSet()));
    }
  }

  /**
   * A unit to make or update: its name (null with a failure), its group, and its documents in rendering order. Parts
   * come in the order of their first objects.
   */
  record Part(String slug, RenderGroup group, List<ChartManifests.Document> documents, String failure) {}

  private RenderParts() {}

  /**
   * The units of an import of the rendering.
   *
   * @param prefix the name of the unit the whole rendering would be (the release, the folder)
   * @param holders the units made of the same rendering before
   * @param taken names of other units, not to be given to a new group (the prefix excepted, as imports always had it)
   */
  static List<Part> plan(List<ChartManifests.Document> documents, String source, String prefix, GroupBy by,
      List<Holder> holders, Set<String> taken) {
    List<Holder> same = holders.stream().filter(holder -> holder.group().by() == by).toList();
    Set<String> apps = apps(documents);
    boolean whole = by == GroupBy.chart || (same.isEmpty() && by != GroupBy.kind
        && documents.stream().map(document -> key(document.resource(), by, apps)).filter(key -> !key.isEmpty())
            .distinct().count() <= 1);
    Map<String, Holder> held = keysHeld(documents, by, apps, same);
    Map<Holder, List<ChartManifests.Document>> kept = new LinkedHashMap<>();
    Map<String, List<ChartManifests.Document>> fresh = new LinkedHashMap<>();
    for (ChartManifests.Document document : documents) {
      String key = whole ? "" : key(document.resource(), by, apps);
      Holder holder = holderOf(document.resource(), key, same, held);
      if (holder == null && key.isEmpty()) {
        holder = same.stream().filter(each -> each.group().takesTheRest()).findFirst().orElse(null);
      }
      if (holder != null) {
        kept.computeIfAbsent(holder, absent -> new ArrayList<>()).add(document);
      } else {
        fresh.computeIfAbsent(key, absent -> new ArrayList<>()).add(document);
      }
    }
    List<Part> parts = new ArrayList<>();
    kept.forEach((holder, members) -> parts.add(new Part(holder.slug(), holder.group(), members, null)));
    parts.addAll(named(fresh, source, prefix, by, holders, taken));
    parts.sort(Comparator.comparingInt(part -> documents.indexOf(part.documents().get(0))));
    return parts;
  }

  /** The grouping asked for, else the one the rendering's units were made with, else by app. */
  static GroupBy by(GroupBy asked, List<Holder> holders) {
    return asked != null ? asked : holders.isEmpty() ? GroupBy.app : holders.get(0).group().by();
  }

  /** The documents of a new rendering that go to {@code self}, with the other units made of it. */
  static List<ChartManifests.Document> part(List<ChartManifests.Document> documents, Holder self, List<Holder> others) {
    List<Holder> all = new ArrayList<>(List.of(self));
    others.stream().filter(other -> other.group().by() == self.group().by() && !other.slug().equals(self.slug()))
        .forEach(all::add);
    Holder rest = all.stream().filter(holder -> holder.group().takesTheRest()).findFirst().orElse(null);
    Set<String> apps = apps(documents);
    Map<String, Holder> held = keysHeld(documents, self.group().by(), apps, all);
    List<ChartManifests.Document> mine = new ArrayList<>();
    for (ChartManifests.Document document : documents) {
      Holder holder = holderOf(document.resource(), key(document.resource(), self.group().by(), apps), all, held);
      Holder to = holder == null ? rest : holder;
      if (to != null && to.slug().equals(self.slug())) {
        mine.add(document);
      }
    }
    return mine;
  }

  /** The object's group: its app, namespace (empty when it has none), kind, its identity, or empty for the whole. */
  static String key(KubernetesResource resource, GroupBy by, Set<String> apps) {
    return switch (by) {
      case app -> appOf(resource, apps);
      case namespace -> resource.namespace() == null ? "" : resource.namespace();
      case object -> resource.id();
      case kind -> resource.kind();
      case chart -> "";
    };
  }

  /**
   * The unit an object goes to: the one that holds it; else the one of its group; else the one that holds other
   * objects of its group (a unit made of a whole rendering of one app takes that app's new objects); else none.
   */
  private static Holder holderOf(KubernetesResource resource, String key, List<Holder> holders,
      Map<String, Holder> held) {
    ObjectKey object = key(resource);
    for (Holder holder : holders) {
      if (holder.holds().contains(object)) {
        return holder;
      }
    }
    for (Holder holder : holders) {
      if (!key.isEmpty() && holder.group().key().equals(key)) {
        return holder;
      }
    }
    return key.isEmpty() ? null : held.get(key);
  }

  /** For each group of the rendering, the first unit that holds one of its objects. */
  private static Map<String, Holder> keysHeld(List<ChartManifests.Document> documents, GroupBy by, Set<String> apps,
      List<Holder> holders) {
    Map<String, Holder> held = new HashMap<>();
    for (ChartManifests.Document document : documents) {
      String key = key(document.resource(), by, apps);
      ObjectKey object = key(document.resource());
      if (!key.isEmpty() && !held.containsKey(key)) {
        holders.stream().filter(holder -> holder.holds().contains(object)).findFirst()
            .ifPresent(holder -> held.put(key, holder));
      }
    }
    return held;
  }

  private static List<Part> named(Map<String, List<ChartManifests.Document>> groups, String source, String prefix,
      GroupBy by, List<Holder> holders, Set<String> taken) {
    List<String> keys = new ArrayList<>(groups.keySet());
    List<List<String>> names = keys.stream().map(key -> names(key, groups.get(key).get(0).resource(), prefix, by)).toList();
    Set<String> unavailable = new LinkedHashSet<>(taken);
    unavailable.remove(prefix);
    holders.forEach(holder -> unavailable.add(holder.slug()));
    int[] level = NameLadders.levels(names, unavailable);
    Set<String> given = new LinkedHashSet<>(unavailable);
    List<Part> parts = new ArrayList<>();
    for (int group = 0; group < keys.size(); group++) {
      String slug = names.get(group).isEmpty() ? null : names.get(group).get(level[group]);
      RenderGroup renderGroup = new RenderGroup(source, by, keys.get(group));
      parts.add(slug != null && given.add(slug) ? new Part(slug, renderGroup, groups.get(keys.get(group)), null)
          : new Part(null, renderGroup, groups.get(keys.get(group)), "No free unit name for the group '" + keys.get(group)
              + "': " + String.join(", ", names.get(group)) + " are taken."));
    }
    return parts;
  }

  /** The group's names, from the one it gets when nothing else is called so to the most particular. */
  private static List<String> names(String key, KubernetesResource first, String prefix, GroupBy by) {
    String kind = first.kind().toLowerCase(Locale.ROOT);
    List<String> names = key.isEmpty() ? List.of(prefix) : switch (by) {
      case app, namespace -> List.of(key, prefix + "-" + key);
      case object -> List.of(first.name(), first.name() + "-" + kind, prefix + "-" + first.name() + "-" + kind,
          prefix + "-" + first.namespace() + "-" + first.name() + "-" + kind);
      case kind -> List.of(prefix + "-" + kind);
      case chart -> List.of(prefix);
    };
    Set<String> slugs = new LinkedHashSet<>();
    names.stream().map(ImportNames::slug).filter(slug -> !slug.isEmpty()).forEach(slugs::add);
    return List.copyOf(slugs);
  }

  /** The apps the rendering's objects are labelled with. */
  private static Set<String> apps(List<ChartManifests.Document> documents) {
    Set<String> apps = new TreeSet<>();
    documents.forEach(document -> {
      String label = label(document.resource());
      if (label != null) {
        apps.add(label);
      }
    });
    return apps;
  }

  /**
   * Its {@code app.kubernetes.io/name} or {@code app} label; without either, the longest app of the rendering its
   * name carries as a word ({@code cart}: {@code cart}, {@code cart-config}, {@code shop-cart}); else empty.
   */
  private static String appOf(KubernetesResource resource, Set<String> apps) {
    String label = label(resource);
    if (label != null) {
      return label;
    }
    String name = resource.name() == null ? "" : resource.name();
    return apps.stream().filter(app -> carries(name, app)).max(Comparator.comparingInt(String::length)).orElse("");
  }

  private static boolean carries(String name, String app) {
    int at = name.indexOf(app);
    while (at >= 0) {
      int end = at + app.length();
      if ((at == 0 || !Character.isLetterOrDigit(name.charAt(at - 1)))
          && (end == name.length() || !Character.isLetterOrDigit(name.charAt(end)))) {
        return true;
      }
      at = name.indexOf(app, at + 1);
    }
    return false;
  }

  private static String label(KubernetesResource resource) {
    if (resource.content().get("metadata") instanceof Map<?, ?> metadata
        && metadata.get("labels") instanceof Map<?, ?> labels) {
      Object app = labels.get("app.kubernetes.io/name") != null ? labels.get("app.kubernetes.io/name") : labels.get("app");
      return app == null || app.toString().isBlank() ? null : app.toString();
    }
    return null;
  }

  static ObjectKey key(KubernetesResource resource) {
    return ObjectKey.of(resource.apiVersion(), resource.kind(), resource.namespace(), resource.name());
  }
}
