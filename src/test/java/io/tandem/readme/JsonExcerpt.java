package io.tandem.readme;

import static io.tandem.readme.OutputMatcher.ANY;

import io.tandem.support.Api;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;

/**
 * JSON as the README shows it: {@code …} among an object's fields stands for the fields not shown, among an array's
 * elements for any number of elements, and as a value ({@code "…"}) for any value; {@code …} inside a string stands
 * for any text. Without a {@code …} field an object shows all its fields. One or more values, as several
 * {@code curl}s in a row print them, with {@code …} between them standing for any number of values.
 */
final class JsonExcerpt {

  private JsonExcerpt() {}

  /** The values the README shows, with every bare {@code …} made a JSON string; empty when it is not JSON. */
  static Optional<List<JsonNode>> parseExcerpt(String shown) {
    StringBuilder json = new StringBuilder();
    Deque<Character> open = new ArrayDeque<>();
    boolean inString = false;
    char last = ' ';
    for (int i = 0; i < shown.length(); i++) {
      char c = shown.charAt(i);
      if (inString) {
        inString = c != '"';
        json.append(c);
        if (c == '\\' && i + 1 < shown.length()) {
          json.append(shown.charAt(++i));
        }
      } else if (shown.startsWith(ANY, i)) {
        boolean field = !open.isEmpty() && open.peek() == '{' && last != ':';
        json.append(field ? "\"" + ANY + "\":\"" + ANY + "\"" : "\"" + ANY + "\"");
        i += ANY.length() - 1;
        last = '"';
      } else {
        inString = c == '"';
        if (c == '{' || c == '[') {
          open.push(c);
        } else if ((c == '}' || c == ']') && !open.isEmpty()) {
          open.pop();
        }
        json.append(c);
        last = Character.isWhitespace(c) ? last : c;
      }
    }
    return values(json.toString());
  }

  /** The JSON values of a command's output, one after the other; empty when it is not (only) JSON. */
  static Optional<List<JsonNode>> values(String output) {
    if (output.isBlank()) {
      return Optional.empty();
    }
    try (var iterator = Api.JSON.readerFor(JsonNode.class).<JsonNode>readValues(output)) {
      List<JsonNode> values = new ArrayList<>();
      iterator.forEachRemaining(values::add);
      return Optional.of(values);
    } catch (JacksonException notJson) {
      return Optional.empty();
    }
  }

  /** Whether the output holds an RFC 9457 problem (an error the README did not show). */
  static Optional<JsonNode> problem(String output) {
    return values(output).orElse(List.of()).stream()
        .filter(value -> value.path("status").asInt(0) >= 400 && value.has("code"))
        .findFirst();
  }

  static Optional<String> mismatch(List<JsonNode> shown, List<JsonNode> printed) {
    if (shown.stream().anyMatch(JsonExcerpt::isAny)) {
      ArrayNode values = Api.JSON.createArrayNode().addAll(printed);
      return elements(Api.JSON.createArrayNode().addAll(shown), 0, values, 0) ? Optional.empty()
          : Optional.of("the printed values are not the ones shown (" + ANY + " standing for any number of them)");
    }
    if (shown.size() != printed.size()) {
      return Optional.of("the README shows " + shown.size() + " JSON value(s), the commands printed " + printed.size());
    }
    for (int i = 0; i < shown.size(); i++) {
      Optional<String> why = mismatch(shown.get(i), printed.get(i), shown.size() > 1 ? "value " + (i + 1) : "$");
      if (why.isPresent()) {
        return why;
      }
    }
    return Optional.empty();
  }

  private static Optional<String> mismatch(JsonNode shown, JsonNode printed, String at) {
    if (shown.isString()) {
      return strings(shown.asString(), printed, at);
    }
    if (shown.isObject()) {
      return printed.isObject() ? objects(shown, printed, at) : differs(shown, printed, at);
    }
    if (shown.isArray()) {
      return printed.isArray() && elements(shown, 0, printed, 0) ? Optional.empty() : differs(shown, printed, at);
    }
    return shown.equals(printed) ? Optional.empty() : differs(shown, printed, at);
  }

  private static Optional<String> strings(String shown, JsonNode printed, String at) {
    if (shown.equals(ANY)) {
      return Optional.empty();
    }
    String text = printed.isString() ? printed.asString() : printed.toString();
    boolean matches = (printed.isString() || shown.contains(ANY)) && glob(shown).matcher(text).matches();
    return matches ? Optional.empty() : differs("\"" + shown + "\"", printed, at);
  }

  /** Within a string {@code …} is any text, line breaks included. */
  private static Pattern glob(String shown) {
    StringBuilder regex = new StringBuilder();
    String[] parts = shown.split(ANY, -1);
    for (int i = 0; i < parts.length; i++) {
      regex.append(i > 0 ? ".*?" : "").append(Pattern.quote(parts[i]));
    }
    return Pattern.compile(regex.toString(), Pattern.DOTALL);
  }

  private static Optional<String> objects(JsonNode shown, JsonNode printed, String at) {
    for (Map.Entry<String, JsonNode> field : shown.properties()) {
      if (field.getKey().equals(ANY)) {
        continue;
      }
      if (!printed.has(field.getKey())) {
        return Optional.of(at + "." + field.getKey() + ": the README shows it, the output has no such field");
      }
      Optional<String> why = mismatch(field.getValue(), printed.get(field.getKey()), at + "." + field.getKey());
      if (why.isPresent()) {
        return why;
      }
    }
    if (!shown.has(ANY)) {
      for (String name : printed.propertyNames()) {
        if (!shown.has(name)) {
          return Optional.of(at + "." + name + ": printed but not shown (add it, or " + ANY + " for more fields)");
        }
      }
    }
    return Optional.empty();
  }

  /** Whether the array's elements from {@code i} match the printed ones from {@code j}; {@code …} takes any number. */
  private static boolean elements(JsonNode shown, int i, JsonNode printed, int j) {
    if (i == shown.size()) {
      return j == printed.size();
    }
    if (isAny(shown.get(i))) {
      for (int k = j; k <= printed.size(); k++) {
        if (elements(shown, i + 1, printed, k)) {
          return true;
        }
      }
      return false;
    }
    return j < printed.size() && mismatch(shown.get(i), printed.get(j), "").isEmpty()
        && elements(shown, i + 1, printed, j + 1);
  }

  private static boolean isAny(JsonNode node) {
    return node.isString() && node.asString().equals(ANY);
  }

  private static Optional<String> differs(Object shown, JsonNode printed, String at) {
    return Optional.of(at + ": the README shows " + shown + ", the output has " + printed);
  }
}
