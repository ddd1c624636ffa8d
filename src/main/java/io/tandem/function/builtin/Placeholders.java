package io.tandem.function.builtin;

import io.tandem.common.yaml.Paths;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Values still to be filled in: the string {@code confighubplaceholder} (alone or inside a longer string) and the
 * integer {@code 999999999}.
 */
public final class Placeholders {

  public static final String STRING = "confighubplaceholder";
  static final BigInteger NUMBER = BigInteger.valueOf(999_999_999);

  private Placeholders() {}

  /** Calls {@code found} with the path and value of every placeholder in the tree. */
  static void find(Object node, String path, BiConsumer<String, Object> found) {
    if (node instanceof Map<?, ?> map) {
      map.forEach((key, value) -> find(value, Paths.child(path, String.valueOf(key)), found));
    } else if (node instanceof List<?> list) {
      for (int i = 0; i < list.size(); i++) {
        find(list.get(i), Paths.child(path, i), found);
      }
    } else if ((node instanceof String text && text.contains(STRING))
        || ((node instanceof Integer || node instanceof Long || node instanceof BigInteger)
            && new BigInteger(node.toString()).equals(NUMBER))) {
      found.accept(path, node);
    }
  }
}
