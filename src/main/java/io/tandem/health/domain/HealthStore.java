package io.tandem.health.domain;

import io.tandem.common.yaml.ObjectKey;
import io.tandem.health.status.ObjectHealth;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** The health of applied objects and of units, as last observed. */
public interface HealthStore {

  /** One applied object with its health as last observed ({@code null} before the first observation). */
  record ObjectRecord(ObjectKey key, ObjectHealth health, Instant observedAt) {}

  /** The unit that applied the object, or {@code null} when no unit did. */
  UUID unitOf(String target, ObjectKey key);

  /** The space of the unit that applied the object, or {@code null} when no unit did. */
  String spaceOf(String target, ObjectKey key);

  /** The unit's space. */
  String spaceOfUnit(UUID unitId);

  /** Locks the unit's row until the transaction ends, so that its health is worked out by one writer at a time. */
  void lockUnit(UUID unitId);

  /**
   * Records an object's health read from {@code resourceVersion} ({@code null}: unknown), unless a later version's is
   * recorded already.
   */
  void recordObject(String target, ObjectKey key, ObjectHealth health, String resourceVersion, Instant at);

  /**
   * Records that an object was observed again with the health recorded for it, at {@code resourceVersion} or later
   * than the one recorded: a unit's health follows its objects' status and reason only, so nothing else changes.
   *
   * @return whether it was so; {@code false} when its health was not recorded yet, moved, or the version is older
   */
  boolean recordSameHealth(String target, ObjectKey key, ObjectHealth health, String resourceVersion, Instant at);

  /** The objects the unit applied, on any target, with their health. */
  List<ObjectRecord> objects(UUID unitId);

  /** The unit's health as last recorded; {@code null} while it has no objects. */
  UnitHealth unitHealth(UUID unitId);

  /** Records the unit's health ({@code null}: it has no objects); whether it differs from what was recorded. */
  boolean recordUnit(UUID unitId, UnitHealth health);
}
