package io.tandem.imports.domain;

import io.tandem.common.config.JsonColumns;
import io.tandem.common.yaml.FieldOwners;
import io.tandem.common.yaml.KeyOrder;
import io.tandem.common.yaml.LiveCleaner;
import io.tandem.common.yaml.Trees;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A live object as its owners wrote it, for a unit to hold. Its owners are the field managers in its {@code
 * managedFields} other than controllers ({@code tandem.live.ignored-managers}) and other than those that only wrote
 * its status. What they own is kept, in the object's own key order below {@code metadata}; the rest (what the API
 * server assigned, what controllers wrote, status) is not. Then:
 *
 * <ul>
 *   <li>server metadata, tool annotations and status are cleaned as from any live object ({@link LiveCleaner});
 *   <li>a field that holds its kind's default ({@link ServerDefaults}) is left out, unless a server-side apply wrote it
 *       (an apply names exactly what was sent) or the object's {@code kubectl.kubernetes.io/last-applied-configuration}
 *       names it ({@code kubectl apply} sent it): other writes record the defaults the server filled in as theirs;
 *   <li>keys come in the order people write them ({@link KeyOrder}).
 * </ul>
 *
 * An object with no managedFields (the mock API server keeps none) is cleaned as a refresh cleans it: all its fields
 * but server metadata and status.
 */
final class AsWritten {

  static final String LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration";

  private AsWritten() {}

  /**
   * @param object the object as written, {@code null} when only controllers wrote it
   * @param controllers the controllers that wrote it, when they alone did
   */
  record Result(Map<String, Object> object, List<String> controllers) {}

  static Result of(Map<String, Object> live, Set<String> controllers) {
    List<FieldOwners.Entry> entries = FieldOwners.entries(live);
    if (entries.isEmpty()) {
      return new Result(cleaned(live), List.of());
    }
    Predicate<FieldOwners.Entry> owner = entry -> !entry.statusOnly() && !controllers.contains(entry.manager());
    if (entries.stream().noneMatch(owner)) {
      Set<String> writers = new LinkedHashSet<>();
      entries.forEach(entry -> writers.add(entry.manager()));
      return new Result(null, List.copyOf(writers));
    }
    Map<String, Object> object = FieldOwners.project(live, owner);
    object.put("apiVersion", live.get("apiVersion"));
    object.put("kind", live.get("kind"));
    @SuppressWarnings("unchecked")
    Map<String, Object> metadata = (Map<String, Object>) object.computeIfAbsent("metadata", absent -> new LinkedHashMap<>());
    if (live.get("metadata") instanceof Map<?, ?> liveMetadata) {
      metadata.put("name", liveMetadata.get("name"));
      metadata.put("namespace", liveMetadata.get("namespace"));
    }
    Map<String, Object> lastApplied = lastApplied(live);
    LiveCleaner.clean(object);
    Predicate<FieldOwners.Entry> applier = owner.and(FieldOwners.Entry::applied);
    Map<String, Object> asOwned = Trees.deepCopy(object);
    ServerDefaults.remove(object, path -> entries.stream().filter(applier).anyMatch(entry -> FieldOwners.owns(entry, asOwned, path))
        || sent(lastApplied, asOwned, path));
    return new Result(finish(object), List.of());
  }

  /** All of {@code live} but server metadata, tool annotations and status, as a refresh cleans it. */
  static Map<String, Object> cleaned(Map<String, Object> live) {
    return finish(LiveCleaner.clean(Trees.deepCopy(live)));
  }

  /** Without nulls and empty label or annotation maps, in the conventional key order. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> finish(Map<String, Object> object) {
    Map<String, Object> clean = (Map<String, Object>) withoutNulls(object);
    if (clean.get("metadata") instanceof Map<?, ?> metadata) {
      for (String key : List.of("labels", "annotations")) {
        if (metadata.get(key) instanceof Map<?, ?> map && map.isEmpty()) {
          metadata.remove(key);
        }
      }
    }
    return KeyOrder.conventional(clean);
  }

  private static Object withoutNulls(Object value) {
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> copy = new LinkedHashMap<>();
      map.forEach((key, item) -> {
        if (item != null) {
          copy.put(String.valueOf(key), withoutNulls(item));
        }
      });
      return copy;
    }
    if (value instanceof List<?> list) {
      return list.stream().map(AsWritten::withoutNulls).toList();
    }
    return value;
  }

  /**
   * Whether {@code lastApplied} holds the field at {@code path} of {@code object}: maps key by key, list items by
   * their {@code name} where they have one, else by position.
   */
  private static boolean sent(Object lastApplied, Object object, String path) {
    Object sent = lastApplied;
    Object here = object;
    for (String segment : path.split("\\.")) {
      String key = segment.replace("~1", ".").replace("~0", "~");
      if (here instanceof List<?> list && sent instanceof List<?> sentItems && key.chars().allMatch(Character::isDigit)) {
        here = list.get(Integer.parseInt(key));
        sent = counterpart(sentItems, here, Integer.parseInt(key));
      } else if (here instanceof Map<?, ?> map && sent instanceof Map<?, ?> sentMap) {
        here = map.get(key);
        sent = sentMap.get(key);
      } else {
        return false;
      }
      if (sent == null) {
        return false;
      }
    }
    return true;
  }

  private static Object counterpart(List<?> sentItems, Object item, int index) {
    if (item instanceof Map<?, ?> map && map.get("name") != null) {
      return sentItems.stream().filter(sent -> sent instanceof Map<?, ?> sentMap && map.get("name").equals(sentMap.get("name")))
          .findFirst().orElse(null);
    }
    return index < sentItems.size() ? sentItems.get(index) : null;
  }

  /** What {@code kubectl apply} last sent, from its annotation; empty when there is none or it is not JSON. */
  private static Map<String, Object> lastApplied(Map<String, Object> live) {
    if (live.get("metadata") instanceof Map<?, ?> metadata && metadata.get("annotations") instanceof Map<?, ?> annotations
        && annotations.get(LAST_APPLIED) instanceof String json) {
      try {
        return JsonColumns.readMap(json);
      } catch (RuntimeException e) {
        return Map.of();
      }
    }
    return Map.of();
  }
}
