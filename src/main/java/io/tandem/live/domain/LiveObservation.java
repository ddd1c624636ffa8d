package io.tandem.live.domain;

import io.tandem.apply.domain.ObjectOwner;
import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.LiveCleaner;
import io.tandem.common.yaml.ObjectKey;
import io.tandem.function.domain.FunctionRunner;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a refresh saw of a unit's objects, one entry per resource of its live revision.
 *
 * @param current the objects as read, {@code null} where absent or taken over by another unit
 * @param cleaned the same, cleaned of server-populated fields
 * @param missing every absent object: what the live state lists as missing
 * @param deleted the objects absent for no reason Tandem knows of (deleted out of band): these are drift
 * @param takenOver objects another unit applied since, with that unit: absent for this unit, but not drift
 */
record LiveObservation(
    List<Map<String, Object>> current,
    List<Map<String, Object>> cleaned,
    List<String> missing,
    List<String> deleted,
    Map<String, ObjectOwner> takenOver) {

  /**
   * @param keys the resources' objects on the target, one per identity
   * @param read the objects as read from the target, one per identity, {@code null} where absent
   * @param others the objects that other units applied, with those units
   */
  static LiveObservation of(List<KubernetesResource> identities, List<ObjectKey> keys, List<Map<String, Object>> read,
      Map<ObjectKey, ObjectOwner> others) {
    List<Map<String, Object>> current = new ArrayList<>();
    List<Map<String, Object>> cleaned = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    List<String> deleted = new ArrayList<>();
    Map<String, ObjectOwner> takenOver = new LinkedHashMap<>();
    for (int i = 0; i < identities.size(); i++) {
      String id = identities.get(i).id();
      ObjectOwner owner = others.get(keys.get(i));
      Map<String, Object> object = owner == null ? read.get(i) : null;
      if (owner != null) {
        takenOver.put(id, owner);
      } else if (object == null) {
        deleted.add(id);
      }
      if (object == null) {
        missing.add(id);
      }
      current.add(object);
      cleaned.add(object == null ? null : LiveCleaner.clean(FunctionRunner.deepCopy(object)));
    }
    return new LiveObservation(current, cleaned, missing, deleted, takenOver);
  }

  /** {@code " apps/v1/Deployment/default/web is now applied by unit 'team-b/web'."}, or empty. */
  String takenOverNote() {
    return takenOver.isEmpty() ? "" : " " + takenOver.entrySet().stream()
        .map(entry -> entry.getKey() + " is now applied by unit '" + entry.getValue() + "'")
        .collect(Collectors.joining("; ")) + ".";
  }
}
