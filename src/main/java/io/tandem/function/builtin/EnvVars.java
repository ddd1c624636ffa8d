package io.tandem.function.builtin;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The {@code env} list of a container: named items with a {@code value} (or a {@code valueFrom}). */
final class EnvVars {

  private EnvVars() {}

  @SuppressWarnings("unchecked")
  static List<Object> list(Map<String, Object> container, boolean create) {
    Object env = container.get("env");
    if (env instanceof List<?> list) {
      return (List<Object>) list;
    }
    if (!create) {
      return List.of();
    }
    List<Object> created = new ArrayList<>();
    container.put("env", created);
    return created;
  }

  /** Sets a variable's value, replacing a valueFrom; appends it when missing. */
  static void set(Map<String, Object> container, String name, String value) {
    List<Object> env = list(container, true);
    for (Object item : env) {
      if (item instanceof Map<?, ?> variable && name.equals(variable.get("name"))) {
        Map<String, Object> entry = Trees.asMap(variable);
        entry.remove("valueFrom");
        entry.put("value", value);
        return;
      }
    }
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put("name", name);
    entry.put("value", value);
    env.add(entry);
  }

  /** Removes a variable; drops the env list when it ends up empty. */
  static void remove(Map<String, Object> container, String name) {
    List<Object> env = list(container, false);
    env.removeIf(item -> item instanceof Map<?, ?> variable && name.equals(variable.get("name")));
    if (container.get("env") instanceof List<?> list && list.isEmpty()) {
      container.remove("env");
    }
  }
}
