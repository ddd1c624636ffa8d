package io.tandem.function.domain;

import io.tandem.common.yaml.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A path into a resource: dotted map keys and list indices ({@code spec.template.spec.containers.0.image}), {@code *}
 * for every key or item, and {@code ?key=value} for the list items whose {@code key} is {@code value}
 * ({@code spec.template.spec.containers.?name=server.image}). A key that contains a dot is written with {@code ~1}
 * ({@code ~} as {@code ~0}).
 */
public final class PathExpression {

  private final String text;
  private final List<String> segments;

  private PathExpression(String text, List<String> segments) {
    this.text = text;
    this.segments = segments;
  }

  /**
   * Parses a path as written.
   *
   * @throws IllegalArgumentException for an empty path, an empty segment or a malformed selector
   */
  public static PathExpression parse(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("the path is empty");
    }
    List<String> segments = new ArrayList<>();
    for (String segment : text.split("\\.", -1)) {
      if (segment.isEmpty()) {
        throw new IllegalArgumentException("'" + text + "' has an empty segment");
      }
      if (segment.startsWith("?") && (segment.indexOf('=') < 2 || segment.endsWith("="))) {
        throw new IllegalArgumentException("'" + segment + "' must read ?key=value");
      }
      segments.add(segment);
    }
    return new PathExpression(text, List.copyOf(segments));
  }

  /** A place the path reaches: its container (map or list), the key or index there, and its concrete path. */
  public record Match(Object container, Object key, String path, Object value) {}

  /** Every existing place the path reaches in {@code root}. */
  public List<Match> find(Map<String, Object> root) {
    List<Match> matches = new ArrayList<>();
    walk(root, 0, "", matches, false);
    return matches;
  }

  /**
   * Sets the value at every place the path reaches, creating missing map keys on the way where the rest of the path
   * is plain keys (a wildcard or a selector only reaches what exists). Returns the concrete paths set.
   */
  @SuppressWarnings("unchecked")
  public List<String> set(Map<String, Object> root, Object value) {
    List<Match> matches = new ArrayList<>();
    walk(root, 0, "", matches, true);
    List<String> paths = new ArrayList<>();
    for (Match match : matches) {
      if (match.container() instanceof Map<?, ?> map) {
        ((Map<String, Object>) map).put((String) match.key(), value);
      } else {
        ((List<Object>) match.container()).set((Integer) match.key(), value);
      }
      paths.add(match.path());
    }
    return paths;
  }

  /** Removes every place the path reaches; returns the concrete paths removed. */
  public List<String> delete(Map<String, Object> root) {
    List<Match> matches = find(root);
    List<String> paths = new ArrayList<>();
    // from the last to the first, so that removing list items does not shift the ones still to remove
    for (int i = matches.size() - 1; i >= 0; i--) {
      Match match = matches.get(i);
      if (match.container() instanceof Map<?, ?> map) {
        map.remove(match.key());
      } else {
        ((List<?>) match.container()).remove((int) (Integer) match.key());
      }
      paths.add(0, match.path());
    }
    return paths;
  }

  @SuppressWarnings("unchecked")
  private void walk(Object node, int depth, String prefix, List<Match> matches, boolean create) {
    String segment = segments.get(depth);
    boolean last = depth == segments.size() - 1;
    if (node instanceof Map<?, ?> raw) {
      Map<String, Object> map = (Map<String, Object>) raw;
      if (segment.equals("*")) {
        for (String key : List.copyOf(map.keySet())) {
          visit(map, key, Paths.child(prefix, key), map.get(key), depth, matches, false);
        }
        return;
      }
      String key = unescape(segment);
      if (map.containsKey(key)) {
        visit(map, key, Paths.child(prefix, key), map.get(key), depth, matches, create);
      } else if (create && plainFrom(depth)) {
        if (last) {
          matches.add(new Match(map, key, Paths.child(prefix, key), null));
        } else {
          Map<String, Object> child = new LinkedHashMap<>();
          map.put(key, child);
          walk(child, depth + 1, Paths.child(prefix, key), matches, true);
        }
      }
    } else if (node instanceof List<?> raw) {
      List<Object> list = (List<Object>) raw;
      for (int i = 0; i < list.size(); i++) {
        if (segment.equals("*") || segment.equals(Integer.toString(i)) || selects(segment, list.get(i))) {
          visit(list, i, Paths.child(prefix, i), list.get(i), depth, matches, create);
        }
      }
    }
  }

  private void visit(Object container, Object key, String path, Object value, int depth, List<Match> matches, boolean create) {
    if (depth == segments.size() - 1) {
      matches.add(new Match(container, key, path, value));
    } else {
      walk(value, depth + 1, path, matches, create);
    }
  }

  /** Whether the rest of the path, from {@code depth}, names map keys only: then it can be created. */
  private boolean plainFrom(int depth) {
    return segments.subList(depth, segments.size()).stream().noneMatch(s -> s.equals("*") || s.startsWith("?"));
  }

  private static boolean selects(String segment, Object item) {
    if (!segment.startsWith("?") || !(item instanceof Map<?, ?> map)) {
      return false;
    }
    int equals = segment.indexOf('=');
    Object value = map.get(unescape(segment.substring(1, equals)));
    return value != null && value.toString().equals(segment.substring(equals + 1));
  }

  private static String unescape(String segment) {
    return segment.replace("~1", ".").replace("~0", "~");
  }

  @Override
  public String toString() {
    return text;
  }
}
