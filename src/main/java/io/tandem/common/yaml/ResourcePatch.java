package io.tandem.common.yaml;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Applies one path-level change (as {@link StructuralDiff} produces them) to a resource's tree: the one edit
 * mechanism that refresh deltas and upgrade merges share. Missing parents of an added or replaced value are
 * created; removing what is not there does nothing.
 */
public final class ResourcePatch {

  private ResourcePatch() {}

  /** Sets or removes {@code change.path()} in {@code root}, in place. */
  @SuppressWarnings("unchecked")
  public static void apply(Map<String, Object> root, ResourceChange change) {
    String[] segments = change.path().split("\\.", -1);
    Object node = root;
    for (int i = 0; i < segments.length - 1; i++) {
      Object next = child(node, segments[i]);
      if (next == null) {
        if (change.op() == ResourceChange.Op.remove) {
          return;
        }
        next = new LinkedHashMap<String, Object>();
        if (node instanceof Map<?, ?> map) {
          ((Map<String, Object>) map).put(unescape(segments[i]), next);
        } else {
          return;
        }
      }
      node = next;
    }
    String last = segments[segments.length - 1];
    if (node instanceof Map<?, ?> map) {
      if (change.op() == ResourceChange.Op.remove) {
        map.remove(unescape(last));
      } else {
        ((Map<String, Object>) map).put(unescape(last), Trees.deepCopy(change.to()));
      }
    } else if (node instanceof List<?> list && last.chars().allMatch(Character::isDigit)) {
      List<Object> items = (List<Object>) list;
      int index = Integer.parseInt(last);
      if (change.op() == ResourceChange.Op.remove) {
        if (index < items.size()) {
          items.remove(index);
        }
      } else if (index < items.size() && change.op() == ResourceChange.Op.replace) {
        items.set(index, Trees.deepCopy(change.to()));
      } else {
        items.add(Math.min(index, items.size()), Trees.deepCopy(change.to()));
      }
    }
  }

  private static Object child(Object node, String segment) {
    if (node instanceof Map<?, ?> map) {
      return map.get(unescape(segment));
    }
    if (node instanceof List<?> list && segment.chars().allMatch(Character::isDigit)) {
      int index = Integer.parseInt(segment);
      return index < list.size() ? list.get(index) : null;
    }
    return null;
  }

  private static String unescape(String segment) {
    return segment.replace("~1", ".").replace("~0", "~");
  }
}
