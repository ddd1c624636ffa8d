package io.tandem.common.yaml;

import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/** Single-line renderings of scalar values that read back as the same value and type. */
final class Scalars {

  private static final Yaml PLAIN = plainYaml();

  private Scalars() {}

  /** {@code value} as a scalar, in {@code preferred} style (the style of the value it replaces) where that is valid. */
  static String render(Object value, DumperOptions.ScalarStyle preferred) {
    if (value instanceof Map<?, ?> || value instanceof List<?>) {
      throw new IllegalArgumentException("not a scalar");
    }
    if (value instanceof String text) {
      if (preferred == DumperOptions.ScalarStyle.DOUBLE_QUOTED) {
        return doubleQuoted(text);
      }
      if (preferred == DumperOptions.ScalarStyle.SINGLE_QUOTED && text.chars().noneMatch(Character::isISOControl)) {
        return "'" + text.replace("'", "''") + "'";
      }
    }
    return PLAIN.dump(value).stripTrailing();
  }

  static String renderKey(String key) {
    return render(key, null);
  }

  private static String doubleQuoted(String text) {
    StringBuilder result = new StringBuilder("\"");
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> result.append("\\\"");
        case '\\' -> result.append("\\\\");
        case '\n' -> result.append("\\n");
        case '\t' -> result.append("\\t");
        case '\r' -> result.append("\\r");
        default -> {
          if (Character.isISOControl(c)) {
            result.append(String.format("\\u%04x", (int) c));
          } else {
            result.append(c);
          }
        }
      }
    }
    return result.append('"').toString();
  }

  private static Yaml plainYaml() {
    DumperOptions options = new DumperOptions();
    options.setWidth(Integer.MAX_VALUE);
    options.setSplitLines(false);
    return new Yaml(options);
  }
}
