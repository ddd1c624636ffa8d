package io.tandem.common.yaml;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Plain YAML trees (maps, lists, scalars). */
public final class Trees {

  private Trees() {}

  /** A copy that may be changed without touching the original (parses are cached and shared: never edit them). */
  @SuppressWarnings("unchecked")
  public static <T> T deepCopy(T value) {
    if (value instanceof Map<?, ?> map) {
      Map<Object, Object> copy = new LinkedHashMap<>();
      map.forEach((key, item) -> copy.put(key, deepCopy(item)));
      return (T) copy;
    }
    if (value instanceof List<?> list) {
      List<Object> copy = new ArrayList<>(list.size());
      list.forEach(item -> copy.add(deepCopy(item)));
      return (T) copy;
    }
    return value;
  }
}
