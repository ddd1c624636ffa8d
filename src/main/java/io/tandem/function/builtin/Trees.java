package io.tandem.function.builtin;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Small helpers over the plain trees (maps, lists, scalars) that functions edit. */
final class Trees {

  private Trees() {}

  @SuppressWarnings("unchecked")
  static Map<String, Object> asMap(Object value) {
    return (Map<String, Object>) value;
  }

  /** The value at {@code path}, or {@code null} where a step is missing. */
  static Object get(Map<String, Object> root, List<String> path) {
    Object node = root;
    for (String key : path) {
      if (!(node instanceof Map<?, ?> map)) {
        return null;
      }
      node = map.get(key);
    }
    return node;
  }

  /** The map at {@code key}, created (appended at the end) when missing or not a map. */
  static Map<String, Object> child(Map<String, Object> parent, String key) {
    Object value = parent.get(key);
    if (value instanceof Map<?, ?> map) {
      return asMap(map);
    }
    Map<String, Object> created = new LinkedHashMap<>();
    parent.put(key, created);
    return created;
  }

  /** The map at {@code path} below {@code root}, creating what is missing. */
  static Map<String, Object> ensure(Map<String, Object> root, List<String> path) {
    Map<String, Object> node = root;
    for (String key : path) {
      node = child(node, key);
    }
    return node;
  }
}
