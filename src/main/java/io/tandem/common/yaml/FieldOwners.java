package io.tandem.common.yaml;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Who owns a field of a live object, as its {@code managedFields} (FieldsV1) tell: {@code f:name} for a map key,
 * {@code k:{...}} for a list item picked by its key fields, {@code v:...} for a set member, {@code i:N} for a
 * position. A field whose set is empty ({@code f:selector: {}}) is owned with everything below it; {@code .} marks
 * the map or item itself. The mock API server keeps no managedFields; real clusters do.
 */
public final class FieldOwners {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private FieldOwners() {}

  /** One entry of {@code managedFields}: a manager, how it wrote ({@code Apply}, {@code Update}) and where. */
  public record Entry(String manager, String operation, String subresource, Map<String, Object> fields) {

    /** Whether it came from a server-side apply, which names exactly the fields the applier sent. */
    public boolean applied() {
      return "Apply".equals(operation);
    }

    /** Whether it wrote only the status subresource. */
    public boolean statusOnly() {
      return "status".equals(subresource);
    }
  }

  /** The object's managedFields; empty when it has none (the mock API server, or a server that keeps none). */
  @SuppressWarnings("unchecked")
  public static List<Entry> entries(Map<String, Object> live) {
    List<Entry> entries = new ArrayList<>();
    if (live.get("metadata") instanceof Map<?, ?> metadata && metadata.get("managedFields") instanceof List<?> list) {
      for (Object item : list) {
        if (item instanceof Map<?, ?> managed && managed.get("fieldsV1") instanceof Map<?, ?> fields) {
          entries.add(new Entry(String.valueOf(managed.get("manager")), (String) managed.get("operation"),
              (String) managed.get("subresource"), (Map<String, Object>) fields));
        }
      }
    }
    return entries;
  }

  /** The managers that own {@code path} (dotted, list indices) of {@code live}; empty when none says so. */
  public static Set<String> of(Map<String, Object> live, String path) {
    Set<String> owners = new LinkedHashSet<>();
    entries(live).stream().filter(entry -> owns(entry.fields(), live, path)).forEach(entry -> owners.add(entry.manager()));
    return owners;
  }

  /** Whether one of the entries that {@code which} picks owns {@code path} (dotted, list indices) of {@code live}. */
  public static boolean owned(Map<String, Object> live, String path, Predicate<Entry> which) {
    return entries(live).stream().filter(which).anyMatch(entry -> owns(entry.fields(), live, path));
  }

  /** Whether {@code entry} owns {@code path} (dotted, list indices) of {@code node}, an object or a part of one. */
  public static boolean owns(Entry entry, Object node, String path) {
    return owns(entry.fields(), node, path);
  }

  /**
   * The part of {@code live} that the entries {@code which} picks own between them, in {@code live}'s key order: maps
   * key by key, list items by their entry, a field owned whole with all below it. Fields nobody picked owns (status
   * written by controllers, values the API server assigned after the managers wrote) are not in it.
   */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> project(Map<String, Object> live, Predicate<Entry> which) {
    Map<String, Object> union = new LinkedHashMap<>();
    entries(live).stream().filter(which).forEach(entry -> merge(union, entry.fields()));
    Object projected = project(live, union);
    return projected instanceof Map<?, ?> map ? (Map<String, Object>) map : new LinkedHashMap<>();
  }

  @SuppressWarnings("unchecked")
  private static void merge(Map<String, Object> into, Map<String, Object> fields) {
    fields.forEach((key, value) -> {
      Map<String, Object> target = (Map<String, Object>) into.computeIfAbsent(key, absent -> new LinkedHashMap<String, Object>());
      if (value instanceof Map<?, ?> children) {
        merge(target, (Map<String, Object>) children);
      }
    });
  }

  /** {@code null} for nothing owned. */
  @SuppressWarnings("unchecked")
  private static Object project(Object value, Map<String, Object> fields) {
    if (fields.isEmpty() || !(value instanceof Map<?, ?> || value instanceof List<?>)) {
      return value; // owned whole: a leaf, or a map or list that is set as one (atomic)
    }
    boolean itself = fields.containsKey(".");
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> owned = new LinkedHashMap<>();
      map.forEach((key, child) -> {
        if (fields.get("f:" + key) instanceof Map<?, ?> sub && child != null) {
          Object projected = project(child, (Map<String, Object>) sub);
          if (projected != null) {
            owned.put((String) key, projected);
          }
        }
      });
      return owned.isEmpty() && !itself ? null : owned;
    }
    List<?> list = (List<?>) value;
    List<Object> owned = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      if (listEntry(fields, list.get(i), i) instanceof Map<?, ?> sub) {
        Object projected = project(list.get(i), (Map<String, Object>) sub);
        if (projected != null) {
          owned.add(projected);
        }
      }
    }
    return owned.isEmpty() && !itself ? null : owned;
  }

  @SuppressWarnings("unchecked")
  private static boolean owns(Map<String, Object> fields, Object node, String path) {
    List<String> segments = path.isEmpty() ? List.of() : List.of(path.split("\\.", -1));
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
      if (actual == null || !expected.asString().equals(actual.toString())) {
        return false;
      }
    }
    return true;
  }
}
