package io.tandem.space.domain;

import java.util.List;
import java.util.Set;

/**
 * Fields of live objects that are none of the configuration's business: never drift, never captured into a revision,
 * never reverted. The selector picks objects ({@code null} or {@code *} for any; {@code *} inside a value matches any
 * run of characters; group {@code ""} is the core group); within them a change is ignored when its path is at or below
 * one of {@code paths} (dotted, {@code *} for any list item or key), or when one of {@code managers} owns the field.
 */
public record IgnoreRule(String group, String kind, String namespace, String name, List<String> paths,
    List<String> managers) {

  public IgnoreRule {
    paths = paths == null ? List.of() : List.copyOf(paths);
    managers = managers == null ? List.of() : List.copyOf(managers);
  }

  /** Whether the rule picks the object {@code apiVersion}/{@code kind} {@code namespace}/{@code name}. */
  public boolean selects(String apiVersion, String kind, String namespace, String name) {
    String objectGroup = apiVersion == null || !apiVersion.contains("/") ? "" : apiVersion.substring(0, apiVersion.indexOf('/'));
    return matches(group, objectGroup) && matches(this.kind, kind) && matches(this.namespace, namespace == null ? "" : namespace)
        && matches(this.name, name);
  }

  /** Whether the rule ignores the change at {@code path} of a picked object, whose field {@code owners} own. */
  public boolean ignores(String path, Set<String> owners) {
    return paths.stream().anyMatch(pattern -> covers(pattern, path)) || managers.stream().anyMatch(owners::contains);
  }

  /** Whether {@code pattern} names {@code path} or a field above it; a {@code *} segment stands for any one segment. */
  static boolean covers(String pattern, String path) {
    String[] wanted = pattern.split("\\.", -1);
    String[] actual = path.isEmpty() ? new String[0] : path.split("\\.", -1);
    if (wanted.length > actual.length) {
      return false;
    }
    for (int i = 0; i < wanted.length; i++) {
      if (!wanted[i].equals("*") && !wanted[i].equals(actual[i])) {
        return false;
      }
    }
    return true;
  }

  /** {@code null} and {@code *} match anything; else {@code *} matches any run of characters. */
  static boolean matches(String pattern, String value) {
    if (pattern == null || pattern.equals("*")) {
      return true;
    }
    if (value == null) {
      return false;
    }
    if (!pattern.contains("*")) {
      return pattern.equals(value);
    }
    String[] parts = pattern.split("\\*", -1);
    if (!value.startsWith(parts[0])) {
      return false;
    }
    int at = parts[0].length();
    for (int i = 1; i < parts.length - 1; i++) {
      int found = value.indexOf(parts[i], at);
      if (found < 0) {
        return false;
      }
      at = found + parts[i].length();
    }
    String last = parts[parts.length - 1];
    return value.length() - at >= last.length() && value.endsWith(last);
  }
}
