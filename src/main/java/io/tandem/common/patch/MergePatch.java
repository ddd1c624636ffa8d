package io.tandem.common.patch;

import io.tandem.common.error.TandemException;
import io.tandem.common.naming.Labels;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A JSON merge patch (RFC 7386) over a known set of fields: an absent field is left alone, {@code null} clears it,
 * and a map field such as {@code labels} is merged key by key ({@code null} removes a key). The values are plain
 * Java ones as the API edge read them ({@code String}, {@code Boolean}, {@code Long} or {@code BigInteger}, {@code
 * Double}, {@code Map}, {@code List}, {@code null}), so the domain never sees the JSON library.
 */
public final class MergePatch {

  private static final MergePatch EMPTY = new MergePatch(Map.of());

  private final Map<String, ?> fields;

  private MergePatch(Map<String, ?> fields) {
    this.fields = fields;
  }

  /** A patch of {@code given} (absent: an empty patch); a field not in {@code patchable} is 400. */
  public static MergePatch of(Map<String, ?> given, Set<String> patchable) {
    if (given == null) {
      return EMPTY;
    }
    for (String name : given.keySet()) {
      if (!patchable.contains(name)) {
        throw TandemException.validation(
            "Field '" + name + "' cannot be patched; patchable fields are " + new TreeSet<>(patchable) + ".");
      }
    }
    return new MergePatch(given);
  }

  public boolean has(String field) {
    return fields.containsKey(field);
  }

  /** The string value of a field; {@code null} when the patch sets it to null or does not name it. */
  public String text(String field) {
    Object value = fields.get(field);
    if (value == null) {
      return null;
    }
    if (!(value instanceof String text)) {
      throw TandemException.validation("Field '" + field + "' must be a string.");
    }
    return text;
  }

  /** The boolean value of a field; {@code null} when the patch sets it to null or does not name it. */
  public Boolean bool(String field) {
    Object value = fields.get(field);
    if (value == null) {
      return null;
    }
    if (!(value instanceof Boolean bool)) {
      throw TandemException.validation("Field '" + field + "' must be true or false.");
    }
    return bool;
  }

  /** The integer value of a field; {@code null} when the patch sets it to null or does not name it. */
  public Long integer(String field) {
    Object value = fields.get(field);
    if (value == null) {
      return null;
    }
    if (value instanceof Long number) {
      return number;
    }
    if (value instanceof Integer number) {
      return number.longValue();
    }
    if (value instanceof BigInteger number && number.bitLength() < Long.SIZE) {
      return number.longValue();
    }
    throw TandemException.validation("Field '" + field + "' must be a whole number.");
  }

  /** A list of strings; {@code null} when the patch sets it to null or does not name it. */
  public List<String> texts(String field) {
    Object value = fields.get(field);
    if (value == null) {
      return null;
    }
    if (!(value instanceof List<?> list) || !list.stream().allMatch(String.class::isInstance)) {
      throw TandemException.validation("Field '" + field + "' must be a list of strings.");
    }
    List<String> texts = new ArrayList<>();
    list.forEach(item -> texts.add((String) item));
    return texts;
  }

  /** A list of JSON objects; {@code null} when the patch sets it to null or does not name it. */
  @SuppressWarnings("unchecked")
  public List<Map<String, Object>> objects(String field) {
    Object value = fields.get(field);
    if (value == null) {
      return null;
    }
    if (!(value instanceof List<?> list) || !list.stream().allMatch(Map.class::isInstance)) {
      throw TandemException.validation("Field '" + field + "' must be a list of objects.");
    }
    List<Map<String, Object>> objects = new ArrayList<>();
    list.forEach(item -> objects.add((Map<String, Object>) item));
    return objects;
  }

  /** An object field as a patch of its own, of the fields in {@code patchable}; empty when null or absent. */
  @SuppressWarnings("unchecked")
  public MergePatch patch(String field, Set<String> patchable) {
    Object value = fields.get(field);
    if (value != null && !(value instanceof Map<?, ?>)) {
      throw TandemException.validation("Field '" + field + "' must be an object.");
    }
    try {
      return of((Map<String, ?>) value, patchable);
    } catch (TandemException e) {
      throw TandemException.validation("In '" + field + "': " + e.getMessage());
    }
  }

  /** {@code current} with the patch of a string map field applied, or {@code current} when the field is absent. */
  public Map<String, String> mergeMap(String field, Map<String, String> current) {
    return has(field) ? Labels.merge(current, mapChanges(field)) : current;
  }

  /**
   * What the patch does to a string map field, key by key: a new value, or {@code null} to remove the key. {@code
   * null} when the field is null (remove every key) or absent.
   */
  public Map<String, String> mapChanges(String field) {
    Object value = fields.get(field);
    if (value == null) {
      return null;
    }
    if (!(value instanceof Map<?, ?> map)) {
      throw TandemException.validation("Field '" + field + "' must be an object of strings.");
    }
    Map<String, String> changes = new LinkedHashMap<>();
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      if (entry.getValue() == null || entry.getValue() instanceof String) {
        changes.put((String) entry.getKey(), (String) entry.getValue());
      } else {
        throw TandemException.validation("Field '" + field + "." + entry.getKey() + "' must be a string or null.");
      }
    }
    return changes;
  }
}
