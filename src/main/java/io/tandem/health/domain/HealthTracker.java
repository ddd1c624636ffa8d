package io.tandem.health.domain;

import io.tandem.common.yaml.ObjectKey;
import io.tandem.health.status.ObjectHealth;
import io.tandem.health.status.StatusRules;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Keeps the health of applied objects, and of their units, current from what the watches, applies and refreshes see
 * of the objects' status. A unit's health is worked out again under its row lock after each observation; the unit's
 * row changes only when its health does (and that change is an event, {@code UnitHealthChanged}).
 */
@Service
public class HealthTracker {

  private final HealthStore store;
  private final HealthRules rules;
  private final Clock clock;

  public HealthTracker(HealthStore store, HealthRules rules, Clock clock) {
    this.store = store;
    this.rules = rules;
    this.clock = clock;
  }

  /**
   * One object as a watch saw it ({@code null}: deleted); nothing when no unit applied it.
   */
  @Transactional
  public void observed(String target, ObjectKey key, Map<String, Object> object, String resourceVersion) {
    // the space is looked up only for a kind that some space's (or the server's) rule covers
    ObjectHealth health = rules.covers(key.group(), key.kind())
        ? rules.of(store.spaceOf(target, key), object) : StatusRules.of(object);
    observed(target, key, health, resourceVersion);
  }

  /**
   * Whether a health rule (CEL) rather than the built-in ones judges objects of this kind: then a verdict worked out
   * elsewhere by the built-in rules (a worker's watch) is not this server's to record, and the object is read instead.
   */
  public boolean judgedByARule(ObjectKey key) {
    return rules.covers(key.group(), key.kind());
  }

  /**
   * One object's health as a worker's watch worked it out ({@code resourceVersion} {@code null}: deleted); nothing
   * when no unit applied it.
   */
  @Transactional
  public void observed(String target, ObjectKey key, ObjectHealth health, String resourceVersion) {
    // most events of an applied object leave its health as it was (a controller's bookkeeping): one statement then
    if (store.recordSameHealth(target, key, health, resourceVersion, clock.instant())) {
      return;
    }
    UUID unitId = store.unitOf(target, key);
    if (unitId == null) {
      return;
    }
    store.lockUnit(unitId);
    store.recordObject(target, key, health, resourceVersion, clock.instant());
    recompute(unitId);
  }

  /** The objects of a unit as an apply or refresh read them, one per key, {@code null} where absent. */
  @Transactional
  public void observedAll(String target, UUID unitId, List<ObjectKey> keys, List<Map<String, Object>> objects) {
    store.lockUnit(unitId);
    String space = keys.stream().anyMatch(key -> rules.covers(key.group(), key.kind())) ? store.spaceOfUnit(unitId) : null;
    for (int i = 0; i < keys.size(); i++) {
      Map<String, Object> object = objects.get(i);
      store.recordObject(target, keys.get(i), rules.of(space, object), object == null ? null : version(object),
          clock.instant());
    }
    recompute(unitId);
  }

  /** Works the unit's health out again from its objects' (after its objects changed hands, or were released). */
  @Transactional
  public void recompute(UUID unitId) {
    store.lockUnit(unitId);
    List<UnitHealth.Observed> observed = store.objects(unitId).stream()
        .map(record -> new UnitHealth.Observed(label(record.key()), record.health(), record.observedAt()))
        .toList();
    store.recordUnit(unitId, UnitHealth.worstOf(observed));
  }

  /** The health of each object the unit applied; {@code null} for an object not observed yet. */
  public Map<ObjectKey, ObjectHealth> objects(UUID unitId) {
    Map<ObjectKey, ObjectHealth> health = new LinkedHashMap<>();
    store.objects(unitId).forEach(record -> health.put(record.key(), record.health()));
    return health;
  }

  /** {@code Deployment default/paymentservice}, {@code Namespace prod}: how health names an object. */
  public static String label(ObjectKey key) {
    return key.kind() + " " + (key.namespace().isEmpty() ? "" : key.namespace() + "/") + key.name();
  }

  private static String version(Map<String, Object> object) {
    return object.get("metadata") instanceof Map<?, ?> metadata
        ? Objects.toString(metadata.get("resourceVersion"), null) : null;
  }
}
