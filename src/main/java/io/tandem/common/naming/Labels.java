package io.tandem.common.naming;

import io.tandem.common.error.TandemException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/** Labels follow Kubernetes' rules, so they can be copied onto cluster objects and selected the same way. */
public final class Labels {

  private static final Pattern NAME = Pattern.compile("^([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)$");
  private static final Pattern PREFIX =
      Pattern.compile("^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$");
  public static final int MAX_LABELS = 64;

  private Labels() {}

  /** Validates and returns the labels sorted by key; {@code null} means none. */
  public static Map<String, String> require(Map<String, String> labels) {
    if (labels == null) {
      return Map.of();
    }
    if (labels.size() > MAX_LABELS) {
      throw TandemException.validation("At most " + MAX_LABELS + " labels are allowed.");
    }
    Map<String, String> sorted = new TreeMap<>();
    labels.forEach(
        (key, value) -> {
          checkKey(key);
          checkValue(key, value);
          sorted.put(key, value);
        });
    return new LinkedHashMap<>(sorted);
  }

  /**
   * {@code current} with a merge patch's {@code changes} applied key by key (a {@code null} value removes the key);
   * {@code null} changes remove every key. Not validated: see {@link #require}.
   */
  public static Map<String, String> merge(Map<String, String> current, Map<String, String> changes) {
    if (changes == null) {
      return Map.of();
    }
    Map<String, String> merged = new LinkedHashMap<>(current);
    changes.forEach((key, value) -> {
      if (value == null) {
        merged.remove(key);
      } else {
        merged.put(key, value);
      }
    });
    return merged;
  }

  static void checkKey(String key) {
    String name = key;
    int slash = key == null ? -1 : key.indexOf('/');
    if (slash >= 0) {
      String prefix = key.substring(0, slash);
      name = key.substring(slash + 1);
      if (prefix.isEmpty() || prefix.length() > 253 || !PREFIX.matcher(prefix).matches()) {
        throw TandemException.validation("Label key '" + key + "' has an invalid prefix (a DNS subdomain is required).");
      }
    }
    if (name == null || !NAME.matcher(name).matches()) {
      throw TandemException.validation(
          "Label key '" + key + "' is invalid: at most 63 letters, digits, '-', '_' or '.', starting and ending"
              + " with a letter or digit, with an optional DNS prefix and '/'.");
    }
  }

  static void checkValue(String key, String value) {
    if (value == null) {
      throw TandemException.validation("Label '" + key + "' needs a string value.");
    }
    if (!value.isEmpty() && !NAME.matcher(value).matches()) {
      throw TandemException.validation(
          "Label '" + key + "' has an invalid value '" + value + "': at most 63 letters, digits, '-', '_' or '.',"
              + " starting and ending with a letter or digit.");
    }
  }
}
