package io.tandem.replica.domain;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;

/**
 * A replica's fair share of the work: in each group of lease names (the text before ':'), at most the ceiling of
 * names / live replicas, and at least its floor. A replica over the ceiling hands the excess back, and one over the
 * floor hands back one name a round while another live replica holds less than the floor; one under the ceiling takes
 * only free names, so a joiner never takes work from a replica that still holds it, and nothing is held twice.
 */
final class Fairness {

  /** What to hand back now, and how many free names of each group to take. */
  record Plan(Set<String> release, Map<String, Integer> room) {}

  private Fairness() {}

  static String group(String name) {
    int colon = name.indexOf(':');
    return colon < 0 ? name : name.substring(0, colon);
  }

  /** Per group of lease names, the fewest that any of the {@code live} replicas holds. */
  static Map<String, Integer> fewestHeld(List<UUID> live, List<ReplicaStore.Lease> leases) {
    Map<String, Map<UUID, Integer>> counts = new HashMap<>();
    for (ReplicaStore.Lease lease : leases) {
      counts.computeIfAbsent(group(lease.name()), key -> new HashMap<>()).merge(lease.owner(), 1, Integer::sum);
    }
    Map<String, Integer> fewest = new HashMap<>();
    counts.forEach((group, byOwner) ->
        fewest.put(group, live.stream().mapToInt(id -> byOwner.getOrDefault(id, 0)).min().orElse(0)));
    return fewest;
  }

  static Map<String, List<String>> byGroup(Collection<String> names) {
    Map<String, List<String>> groups = new TreeMap<>();
    names.stream().sorted().forEach(name -> groups.computeIfAbsent(group(name), key -> new ArrayList<>()).add(name));
    return groups;
  }

  /**
   * @param fewest per group, the fewest names that any live replica holds (a replica holding none of the group counts
   *     as 0)
   */
  static Plan plan(Collection<String> wanted, Set<String> mine, int live, Map<String, Integer> fewest) {
    Set<String> release = new HashSet<>(mine);
    release.removeAll(wanted);
    Map<String, Integer> room = new TreeMap<>();
    int replicas = Math.max(1, live);
    byGroup(wanted).forEach((group, names) -> {
      int quota = (names.size() + replicas - 1) / replicas;
      int floor = names.size() / replicas;
      List<String> held = names.stream().filter(mine::contains).toList();
      if (held.size() > quota) {
        // the last names in order go back, so that replicas agree on which ones move
        release.addAll(held.subList(quota, held.size()));
      } else if (held.size() > floor && fewest.getOrDefault(group, 0) < floor) {
        release.add(held.get(held.size() - 1));
      } else if (held.size() < quota) {
        room.put(group, quota - held.size());
      }
    });
    return new Plan(release, room);
  }
}
