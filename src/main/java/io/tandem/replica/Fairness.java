package io.tandem.replica;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A replica's fair share of the work: in each group of lease names (the text before ':'), at most the ceiling of
 * names / live replicas. A replica over its share hands the excess back; one under it takes only free names, so a
 * joiner never takes work from a replica that still holds it, and nothing is held twice.
 */
final class Fairness {

  /** What to hand back now, and how many free names of each group to take. */
  record Plan(Set<String> release, Map<String, Integer> room) {}

  private Fairness() {}

  static String group(String name) {
    int colon = name.indexOf(':');
    return colon < 0 ? name : name.substring(0, colon);
  }

  static Map<String, List<String>> byGroup(Collection<String> names) {
    Map<String, List<String>> groups = new TreeMap<>();
    names.stream().sorted().forEach(name -> groups.computeIfAbsent(group(name), key -> new ArrayList<>()).add(name));
    return groups;
  }

  static Plan plan(Collection<String> wanted, Set<String> mine, int live) {
    Set<String> release = new HashSet<>(mine);
    release.removeAll(wanted);
    Map<String, Integer> room = new TreeMap<>();
    int replicas = Math.max(1, live);
    byGroup(wanted).forEach((group, names) -> {
      int quota = (names.size() + replicas - 1) / replicas;
      List<String> held = names.stream().filter(mine::contains).toList();
      if (held.size() > quota) {
        // the last names in order go back, so that replicas agree on which ones move
        release.addAll(held.subList(quota, held.size()));
      } else if (held.size() < quota) {
        room.put(group, quota - held.size());
      }
    });
    return new Plan(release, room);
  }
}
