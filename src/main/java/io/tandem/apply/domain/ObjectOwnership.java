package io.tandem.apply.domain;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.ObjectKey;
import io.tandem.targets.domain.ClusterClient;
import io.tandem.targets.domain.Target;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;

/**
 * One object belongs to one unit: the unit that applied it last. Another unit's apply of it is refused unless it
 * says {@code takeOver}; the unit it is taken from then no longer counts it as its own, so it neither reports it as
 * drift nor deletes it (prune, destroy).
 */
@Service
public class ObjectOwnership {

  /** An id no unit has: every holder of an object is "another" unit than this one. */
  private static final UUID NO_UNIT = new UUID(0, 0);

  private final OwnershipStore store;
  private final ClusterClient cluster;

  public ObjectOwnership(OwnershipStore store, ClusterClient cluster) {
    this.store = store;
    this.cluster = cluster;
  }

  /** The objects {@code data} names on {@code target}, as an apply names them. */
  public List<ObjectKey> keys(Target target, String data) {
    return cluster.keys(data, target.namespace());
  }

  /**
   * Refuses an apply of {@code keys} by the unit when another unit owns one of them.
   *
   * @throws TandemException {@code object-owned-by-another-unit} when another unit applied one of {@code keys}
   */
  public void requireFree(Target target, UUID unitId, Collection<ObjectKey> keys) {
    Map<ObjectKey, ObjectOwner> others = store.ownedByOthers(target.slug(), unitId, keys);
    if (!others.isEmpty()) {
      throw owned(target, others);
    }
  }

  /**
   * {@link #requireFree} of many units on one target at once: by unit id, the refusal of each unit that another unit's
   * objects stand in the way of; the others are free.
   */
  public Map<UUID, TandemException> refusals(Target target, Map<UUID, List<ObjectKey>> keysByUnit) {
    Map<UUID, TandemException> refused = new HashMap<>();
    store.ownedByOthers(target.slug(), keysByUnit).forEach((unit, others) -> refused.put(unit, owned(target, others)));
    return refused;
  }

  /**
   * Records the unit as the one that applies {@code keys}; with {@code takeOver} also those another unit applied.
   *
   * @return the objects taken from other units, with the unit each was taken from
   * @throws TandemException {@code object-owned-by-another-unit} without {@code takeOver} when another unit applied
   *     one of them; nothing is recorded then
   */
  public Map<ObjectKey, ObjectOwner> claim(Target target, UUID unitId, Collection<ObjectKey> keys, boolean takeOver) {
    Map<ObjectKey, ObjectOwner> others = store.claim(target.slug(), unitId, keys, takeOver);
    if (!takeOver && !others.isEmpty()) {
      throw owned(target, others);
    }
    return others;
  }

  /** Those of {@code keys} that another unit applied, with that unit. */
  public Map<ObjectKey, ObjectOwner> ownedByOthers(Target target, UUID unitId, Collection<ObjectKey> keys) {
    return store.ownedByOthers(target.slug(), unitId, keys);
  }

  /** Those of {@code keys} on {@code target} that a unit applied (or imported), with that unit. */
  public Map<ObjectKey, ObjectOwner> held(Target target, Collection<ObjectKey> keys) {
    return store.ownedByOthers(target.slug(), NO_UNIT, keys);
  }

  /** After a successful apply: the unit has {@code keys} on the target, and nothing else (the rest was pruned). */
  public void retainOnly(Target target, UUID unitId, Collection<ObjectKey> keys) {
    store.retainOnly(target.slug(), unitId, keys);
  }

  /** The objects the unit applied on {@code target} and still owns. */
  public List<ObjectKey> owned(String target, UUID unitId) {
    return store.owned(target, unitId);
  }

  /** The unit no longer has any object on the target (destroyed). */
  public void releaseAll(Target target, UUID unitId) {
    store.releaseAll(target.slug(), unitId);
  }

  /** {@code apps/Deployment default/paymentservice (unit 'team-a/payments')}, for each. */
  public static String describe(Map<ObjectKey, ObjectOwner> owners) {
    return owners.entrySet().stream()
        .map(entry -> entry.getKey() + " (unit '" + entry.getValue() + "')")
        .collect(Collectors.joining(", "));
  }

  private static TandemException owned(Target target, Map<ObjectKey, ObjectOwner> others) {
    Map.Entry<ObjectKey, ObjectOwner> first = others.entrySet().iterator().next();
    String detail = others.size() == 1
        ? "Object " + first.getKey() + " on target '" + target.slug() + "' was applied by unit '" + first.getValue()
            + "'; apply with takeOver=true to take it over."
        : "Objects on target '" + target.slug() + "' were applied by other units: " + describe(others)
            + "; apply with takeOver=true to take them over.";
    List<Map<String, String>> objects = others.entrySet().stream()
        .map(entry -> Map.of("object", entry.getKey().toString(), "unit", entry.getValue().toString()))
        .toList();
    return new TandemException(ProblemCode.OBJECT_OWNED_BY_ANOTHER_UNIT, detail, Map.of("objects", objects));
  }
}
