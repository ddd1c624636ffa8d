package io.tandem.imports.domain;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Names for the units of one import, each group with its names from the shortest to the most particular: groups
 * whose name another group, or a name already taken, has move on to their next name together, so that the names
 * depend on the groups and what is taken alone, never on an order.
 */
final class NameLadders {

  private NameLadders() {}

  /** For each group, the index of the name it gets (the last one when even that clashes). */
  static int[] levels(List<List<String>> names, Set<String> taken) {
    int[] level = new int[names.size()];
    Set<Integer> clashing = clashes(names, level, taken);
    while (!clashing.isEmpty()) {
      boolean moved = false;
      for (int group : clashing) {
        if (level[group] < names.get(group).size() - 1) {
          level[group]++;
          moved = true;
        }
      }
      if (!moved) {
        break;
      }
      clashing = clashes(names, level, taken);
    }
    return level;
  }

  private static Set<Integer> clashes(List<List<String>> names, int[] level, Set<String> taken) {
    Map<String, List<Integer>> bySlug = new HashMap<>();
    for (int group = 0; group < names.size(); group++) {
      bySlug.computeIfAbsent(names.get(group).get(level[group]), absent -> new ArrayList<>()).add(group);
    }
    Set<Integer> clashing = new LinkedHashSet<>();
    bySlug.forEach((slug, groups) -> {
      if (groups.size() > 1 || taken.contains(slug)) {
        clashing.addAll(groups);
      }
    });
    return clashing;
  }
}
