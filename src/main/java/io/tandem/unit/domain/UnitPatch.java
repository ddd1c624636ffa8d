package io.tandem.unit.domain;

import io.tandem.common.naming.Labels;
import io.tandem.space.domain.DriftMode;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A merge patch (RFC 7386) of a unit's metadata and data. A field not in {@code fields} stays as it is; one in it
 * takes the value given, where {@code null} clears it ({@code displayName} back to the slug, {@code driftMode} back
 * to the space's, {@code target} to none). {@code labels} merges key by key: a {@code null} value removes that key,
 * a {@code null} map removes them all.
 */
public record UnitPatch(
    Set<Field> fields,
    String displayName,
    Map<String, String> labels,
    String target,
    DriftMode driftMode,
    String data,
    String changeDescription) {

  /** The fields a patch can set; {@code changeDescription} describes the change and sets nothing. */
  public enum Field { DISPLAY_NAME, LABELS, TARGET, DRIFT_MODE, DATA }

  public UnitPatch {
    fields = fields.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(fields));
    labels = labels == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(labels)); // values may be null
  }

  public boolean has(Field field) {
    return fields.contains(field);
  }

  /** {@code current} with the patch's labels merged in. */
  Map<String, String> mergeLabels(Map<String, String> current) {
    return has(Field.LABELS) ? Labels.merge(current, labels) : current;
  }
}
