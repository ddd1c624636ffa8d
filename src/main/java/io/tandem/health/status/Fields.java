package io.tandem.health.status;

import java.util.List;
import java.util.Map;

/** Read access to a live object as the API server returns it (JSON as maps and lists), by dotted path. */
final class Fields {

  private final Map<?, ?> root;

  Fields(Map<?, ?> root) {
    this.root = root;
  }

  Object at(String path) {
    Object current = root;
    for (String key : path.split("\\.")) {
      if (!(current instanceof Map<?, ?> map)) {
        return null;
      }
      current = map.get(key);
    }
    return current;
  }

  String string(String path) {
    Object value = at(path);
    return value == null ? null : value.toString();
  }

  /** A whole number, or {@code fallback} where it is absent or not a number. */
  long number(String path, long fallback) {
    Object value = at(path);
    if (value instanceof Number number) {
      return number.longValue();
    }
    if (value instanceof String text && text.matches("-?\\d+")) {
      return Long.parseLong(text);
    }
    return fallback;
  }

  boolean has(String path) {
    return at(path) != null;
  }

  List<?> list(String path) {
    return at(path) instanceof List<?> list ? list : List.of();
  }

  /** The condition of {@code type} in {@code status.conditions}, or {@code null}. */
  Fields condition(String type) {
    for (Object item : list("status.conditions")) {
      if (item instanceof Map<?, ?> condition && type.equals(condition.get("type"))) {
        return new Fields(condition);
      }
    }
    return null;
  }

  /** Whether the condition of {@code type} is there with status {@code status} ({@code True}, {@code False}). */
  boolean conditionIs(String type, String status) {
    Fields condition = condition(type);
    return condition != null && status.equals(condition.string("status"));
  }

  /** The condition's reason, else its message, else {@code fallback}. */
  static String reasonOf(Fields condition, String fallback) {
    if (condition == null) {
      return fallback;
    }
    String reason = condition.string("reason");
    if (reason != null && !reason.isBlank()) {
      return reason;
    }
    String message = condition.string("message");
    return message == null || message.isBlank() ? fallback : message;
  }
}
