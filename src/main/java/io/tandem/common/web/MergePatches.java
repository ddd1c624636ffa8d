package io.tandem.common.web;

import io.tandem.common.error.TandemException;
import io.tandem.common.patch.MergePatch;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/** Reads a PATCH request's JSON body into a {@link MergePatch}, at the API edge. */
public final class MergePatches {

  private MergePatches() {}

  /** An absent body is an empty patch; anything but an object, or an unknown field, is 400. */
  public static MergePatch read(JsonNode body, Set<String> patchable) {
    if (body == null || body.isMissingNode() || body.isNull()) {
      return MergePatch.of(null, patchable);
    }
    if (!body.isObject()) {
      throw TandemException.validation("A merge patch must be a JSON object.");
    }
    Map<String, Object> fields = new LinkedHashMap<>();
    body.properties().forEach(entry -> fields.put(entry.getKey(), value(entry.getValue())));
    return MergePatch.of(fields, patchable);
  }

  /** Whole numbers stay whole (a {@code Long}, or a {@code BigInteger} beyond it), so that 1.0 is no integer. */
  private static Object value(JsonNode node) {
    if (node.isNull()) {
      return null;
    }
    if (node.isString()) {
      return node.stringValue();
    }
    if (node.isBoolean()) {
      return node.booleanValue();
    }
    if (node.isIntegralNumber()) {
      return node.canConvertToLong() ? (Object) node.longValue() : node.bigIntegerValue();
    }
    if (node.isNumber()) {
      return node.doubleValue();
    }
    if (node.isArray()) {
      List<Object> items = new ArrayList<>();
      node.forEach(item -> items.add(value(item)));
      return items;
    }
    Map<String, Object> object = new LinkedHashMap<>();
    node.properties().forEach(entry -> object.put(entry.getKey(), value(entry.getValue())));
    return object;
  }
}
