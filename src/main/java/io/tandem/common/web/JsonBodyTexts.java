package io.tandem.common.web;

import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Checks every text of a JSON document, keys included, against {@link TextLimits}: a 400 naming the first field that
 * is too long or holds a NUL or an unpaired surrogate.
 */
final class JsonBodyTexts {

  private final TextLimits limits;

  JsonBodyTexts(TextLimits limits) {
    this.limits = limits;
  }

  void check(JsonNode body) {
    check(body, "", "", false);
  }

  /**
   * @param field the name of the property that holds {@code node} (for an array item, the array's), which picks the
   *     limit
   * @param inLabels whether {@code node} is a label value
   */
  private void check(JsonNode node, String path, String field, boolean inLabels) {
    if (node.isString()) {
      if (inLabels) {
        TextLimits.require("Field '" + path + "'", node.stringValue(), TextLimits.LABEL_VALUE_CHARS);
      } else {
        limits.require("Field '" + path + "'", field, node.stringValue());
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        check(node.get(i), path + "[" + i + "]", field, false);
      }
    } else if (node.isObject()) {
      boolean labels = field.equals("labels");
      for (Map.Entry<String, JsonNode> entry : node.properties()) {
        String key = entry.getKey();
        checkKey(path, key, labels ? TextLimits.LABEL_KEY_CHARS : TextLimits.DEFAULT_CHARS);
        String child = path.isEmpty() ? key : path + "." + key;
        check(entry.getValue(), child, labels ? field : key, labels);
      }
    }
  }

  private static void checkKey(String path, String key, int maxChars) {
    TextLimits.require("A key in " + (path.isEmpty() ? "the request body" : "'" + path + "'"), key, maxChars);
  }
}
