package io.tandem.link.domain;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * {@link LinkStore} in memory, for tests ({@link LinkStoreContract}). Units are added first ({@link #addUnit}), as the
 * database's foreign keys want them, with the head data that {@link #providerData} reads; every method holds the
 * store's lock, which makes each atomic.
 */
public final class InMemoryLinkStore implements LinkStore {

  private record Unit(String space, String slug, String data) {}

  private record Key(UUID from, UUID to) {}

  private final Map<UUID, Unit> units = new HashMap<>();
  private final Map<Key, Instant> links = new LinkedHashMap<>();

  public synchronized UUID addUnit(String space, String slug, String data) {
    if (find(space, slug) != null) {
      throw new IllegalArgumentException("unit " + space + "/" + slug + " exists");
    }
    UUID id = UUID.randomUUID();
    units.put(id, new Unit(space, slug, data));
    return id;
  }

  public synchronized void newHead(String space, String slug, String data) {
    UUID id = Objects.requireNonNull(find(space, slug), "no unit " + space + "/" + slug);
    units.put(id, new Unit(space, slug, data));
  }

  @Override
  public synchronized boolean insert(UUID from, UUID to, Instant at) {
    if (!units.containsKey(from) || !units.containsKey(to) || from.equals(to)) {
      throw new IllegalArgumentException("cannot link " + from + " to " + to);
    }
    return links.putIfAbsent(new Key(from, to), Objects.requireNonNull(at, "at")) == null;
  }

  @Override
  public synchronized boolean delete(UUID from, UUID to) {
    return links.remove(new Key(from, to)) != null;
  }

  @Override
  public synchronized List<Link> of(UUID unitId) {
    return byTime()
        .filter(link -> link.getKey().from().equals(unitId) || link.getKey().to().equals(unitId))
        .map(link -> {
          Unit from = units.get(link.getKey().from());
          Unit to = units.get(link.getKey().to());
          return new Link(from.space(), from.slug(), to.space(), to.slug(), link.getValue());
        })
        .toList();
  }

  @Override
  public synchronized boolean reaches(UUID to, UUID from) {
    Set<UUID> needed = new HashSet<>(Set.of(to));
    Deque<UUID> next = new ArrayDeque<>(needed);
    while (!next.isEmpty()) {
      UUID unit = next.pop();
      links.keySet().stream()
          .filter(link -> link.from().equals(unit) && needed.add(link.to()))
          .forEach(link -> next.push(link.to()));
    }
    return needed.contains(from);
  }

  @Override
  public synchronized List<String> providerData(UUID unitId) {
    return byTime()
        .filter(link -> link.getKey().from().equals(unitId))
        .map(link -> units.get(link.getKey().to()).data())
        .toList();
  }

  @Override
  public synchronized Map<UUID, Set<UUID>> providers(Collection<UUID> unitIds) {
    Map<UUID, Set<UUID>> providers = new HashMap<>();
    links.keySet().stream()
        .filter(link -> unitIds.contains(link.from()) && unitIds.contains(link.to()))
        .forEach(link -> providers.computeIfAbsent(link.from(), any -> new LinkedHashSet<>()).add(link.to()));
    return providers;
  }

  private Stream<Entry<Key, Instant>> byTime() {
    return links.entrySet().stream().sorted(Entry.comparingByValue(Comparator.naturalOrder()));
  }

  private UUID find(String space, String slug) {
    return units.entrySet().stream()
        .filter(unit -> unit.getValue().space().equals(space) && unit.getValue().slug().equals(slug))
        .map(Entry::getKey)
        .findFirst()
        .orElse(null);
  }
}
