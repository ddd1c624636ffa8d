package io.tandem.apply.domain;

import io.tandem.common.yaml.ObjectKey;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Which unit applied each object on a target: one object belongs to one unit. Every method is atomic on its own.
 */
public interface OwnershipStore {

  /** Those of {@code keys} on {@code target} that a unit other than {@code unitId} applied, with that unit. */
  Map<ObjectKey, ObjectOwner> ownedByOthers(String target, UUID unitId, Collection<ObjectKey> keys);

  /**
   * {@link #ownedByOthers(String, UUID, Collection)} of many units at once: by unit, those of its keys that another
   * unit applied; units with none are left out.
   */
  Map<UUID, Map<ObjectKey, ObjectOwner>> ownedByOthers(String target, Map<UUID, List<ObjectKey>> keysByUnit);

  /**
   * Records {@code unitId} as the unit that applies {@code keys} on {@code target}. Objects of other units are taken
   * from them only with {@code takeOver}; without it, when any of {@code keys} is another unit's, nothing is written.
   *
   * @return the objects that were (with {@code takeOver}) or would have been (without) another unit's, with that unit
   */
  Map<ObjectKey, ObjectOwner> claim(String target, UUID unitId, Collection<ObjectKey> keys, boolean takeOver);

  /** Forgets the objects {@code unitId} applied on {@code target} other than {@code keys}. */
  void retainOnly(String target, UUID unitId, Collection<ObjectKey> keys);

  /** The objects {@code unitId} applied on {@code target} and still owns, by namespace, name and kind. */
  List<ObjectKey> owned(String target, UUID unitId);

  /** Forgets every object {@code unitId} applied on {@code target}. */
  void releaseAll(String target, UUID unitId);
}
