package io.tandem.targets.domain;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;

/**
 * {@link TargetGrantStore} in memory, for tests ({@link TargetGrantStoreContract}). Targets and spaces are registered
 * first ({@link #addTarget}, {@link #addSpace}), as the database's foreign keys want them; every method holds the
 * store's lock, which makes each atomic.
 */
public final class InMemoryTargetGrantStore implements TargetGrantStore {

  /** The grant to every space first, then the spaces by slug. */
  private static final Comparator<String> SPACES = Comparator
      .comparing((String space) -> !space.equals(TargetGrant.EVERY_SPACE))
      .thenComparing(Comparator.naturalOrder());

  private final Map<String, UUID> targets = new HashMap<>();
  private final Map<String, UUID> spaces = new HashMap<>();
  private final Map<UUID, Map<String, TargetGrant>> grants = new HashMap<>();

  public synchronized UUID addTarget(String slug) {
    return targets.computeIfAbsent(slug, any -> UUID.randomUUID());
  }

  public synchronized UUID addSpace(String slug) {
    return spaces.computeIfAbsent(slug, any -> UUID.randomUUID());
  }

  @Override
  public synchronized void put(UUID targetId, TargetGrant grant) {
    if (!targets.containsValue(targetId)) {
      throw new IllegalArgumentException("no target " + targetId);
    }
    if (!grant.space().equals(TargetGrant.EVERY_SPACE) && !spaces.containsKey(grant.space())) {
      throw new IllegalArgumentException("no space " + grant.space());
    }
    Objects.requireNonNull(grant.grantedBy(), "grantedBy");
    Objects.requireNonNull(grant.grantedAt(), "grantedAt");
    grants.computeIfAbsent(targetId, any -> new TreeMap<>(SPACES)).put(grant.space(), grant);
  }

  @Override
  public synchronized boolean remove(UUID targetId, String space) {
    Map<String, TargetGrant> target = grants.get(targetId);
    return target != null && target.remove(space) != null;
  }

  @Override
  public synchronized List<TargetGrant> list(UUID targetId) {
    return new ArrayList<>(grants.getOrDefault(targetId, Map.of()).values());
  }

  @Override
  public synchronized List<TargetGrant> forSpace(String target, String space) {
    UUID targetId = targets.get(target);
    if (targetId == null) {
      return List.of();
    }
    return list(targetId).stream()
        .filter(grant -> grant.space().equals(TargetGrant.EVERY_SPACE) || grant.space().equals(space))
        .toList();
  }

  @Override
  public synchronized Optional<UUID> spaceId(String space) {
    return Optional.ofNullable(spaces.get(space));
  }
}
