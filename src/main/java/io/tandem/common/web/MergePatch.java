package io.tandem.common.web;

import io.tandem.common.error.TandemException;
import io.tandem.common.naming.Labels;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * Reads a JSON merge patch (RFC 7386) over a known set of fields: an absent field is left alone, {@code null} clears
 * it, and a map field such as {@code labels} is merged key by key ({@code null} removes a key).
 */
public final class MergePatch {

  private final JsonNode body;

  private MergePatch(JsonNode body) {
    this.body = body;
  }

  /** An absent body is an empty patch; anything but an object, or an unknown field, is 400. */
  public static MergePatch of(JsonNode body, Set<String> fields) {
    if (body == null || body.isMissingNode() || body.isNull()) {
      return new MergePatch(null);
    }
    if (!body.isObject()) {
      throw TandemException.validation("A merge patch must be a JSON object.");
    }
    for (String name : body.propertyNames()) {
      if (!fields.contains(name)) {
        throw TandemException.validation(
            "Field '" + name + "' cannot be patched; patchable fields are " + new TreeSet<>(fields) + ".");
      }
    }
    return new MergePatch(body);
  }

  public boolean has(String field) {
    return body != null && body.has(field);
  }

  /** The string value of a field; {@code null} when the patch sets it to null or does not name it. */
  public String text(String field) {
    JsonNode value = body == null ? null : body.get(field);
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isString()) {
      throw TandemException.validation("Field '" + field + "' must be a string.");
    }
    return value.stringValue();
  }

  /** The boolean value of a field; {@code null} when the patch sets it to null or does not name it. */
  public Boolean bool(String field) {
    JsonNode value = body == null ? null : body.get(field);
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isBoolean()) {
      throw TandemException.validation("Field '" + field + "' must be true or false.");
    }
    return value.booleanValue();
  }

  /** The integer value of a field; {@code null} when the patch sets it to null or does not name it. */
  public Long integer(String field) {
    JsonNode value = body == null ? null : body.get(field);
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isIntegralNumber() || !value.canConvertToLong()) {
      throw TandemException.validation("Field '" + field + "' must be a whole number.");
    }
    return value.longValue();
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
    JsonNode value = body == null ? null : body.get(field);
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isObject()) {
      throw TandemException.validation("Field '" + field + "' must be an object of strings.");
    }
    Map<String, String> changes = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> entry : value.properties()) {
      if (entry.getValue().isNull()) {
        changes.put(entry.getKey(), null);
      } else if (entry.getValue().isString()) {
        changes.put(entry.getKey(), entry.getValue().stringValue());
      } else {
        throw TandemException.validation("Field '" + field + "." + entry.getKey() + "' must be a string or null.");
      }
    }
    return changes;
  }
}
