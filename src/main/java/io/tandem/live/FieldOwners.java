package io.tandem.live;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Who owns a field of a live object, as its {@code managedFields} (FieldsV1) tell: {@code f:name} for a map key,
 * {@code k:{...}} for a list item picked by its key fields, {@code v:...} for a set member, {@code i:N} for a
 * position. The mock API server keeps no managedFields; real clusters do.
 */
public final class FieldOwners {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private FieldOwners() {}

  /** The managers that own {@code path} (dotted, list indices) of {@code live}; empty when none says so. */
  @SuppressWarnings("unchecked")
  public static Set<String> of(Map<String, Object> live, String path) {
    Set<String> owners = new LinkedHashSet<>();
    Object metadata = live.get("metadata");
    if (!(metadata instanceof Map<?, ?> meta) || !(meta.get("managedFields") instanceof List<?> entries)) {
      return owners;
    }
    List<String> segments = path.isEmpty() ? List.of() : List.of(path.split("\\.", -1));
    for (Object entry : entries) {
      if (entry instanceof Map<?, ?> managed && managed.get("fieldsV1") instanceof Map<?, ?> fields
          && owns((Map<String, Object>) fields, live, segments)) {
        owners.add(String.valueOf(managed.get("manager")));
      }
    }
    return owners;
  }

  @SuppressWarnings("unchecked")
  private static boolean owns(Map<String, Object> fields, Object node, List<String> segments) {
    Map<String, Object> current = fields;
    Object value = node;
    for (String segment : segments) {
      String key = segment.replace("~1", ".").replace("~0", "~");
      Object next;
      if (value instanceof List<?> list && key.chars().allMatch(Character::isDigit) && !key.isEmpty()) {
        Object item = Integer.parseInt(key) < list.size() ? list.get(Integer.parseInt(key)) : null;
        next = listEntry(current, item, Integer.parseInt(key));
        value = item;
      } else {
        next = current.get("f:" + key);
        value = value instanceof Map<?, ?> map ? map.get(key) : null;
      }
      if (!(next instanceof Map<?, ?>)) {
        return false;
      }
      current = (Map<String, Object>) next;
    }
    return true;
  }

  private static Object listEntry(Map<String, Object> fields, Object item, int index) {
    for (Map.Entry<String, Object> entry : fields.entrySet()) {
      String name = entry.getKey();
      if (name.equals("i:" + index)) {
        return entry.getValue();
      }
      if (name.startsWith("k:") && item instanceof Map<?, ?> map && keyMatches(name.substring(2), map)) {
        return entry.getValue();
      }
      if (name.startsWith("v:") && item != null && name.substring(2).equals(JSON.writeValueAsString(item))) {
        return entry.getValue();
      }
    }
    return null;
  }

  private static boolean keyMatches(String keyJson, Map<?, ?> item) {
    JsonNode key = JSON.readTree(keyJson);
    List<String> names = new ArrayList<>(key.propertyNames());
    for (String name : names) {
      Object actual = item.get(name);
      JsonNode expected = key.get(name);
      if (actual == null || !(expected.isNumber() ? expected.asString().equals(actual.toString()) : expected.asString().equals(actual.toString()))) {
        return false;
      }
    }
    return true;
  }
}
