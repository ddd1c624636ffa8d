package io.tandem.readme;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Whether what a command printed is what the README shows, tolerantly: {@code …} stands for what the README leaves
 * out (ids, times, fields or lines of no interest).
 *
 * <ul>
 *   <li>JSON (shown text and output both JSON): compared value by value, see {@link JsonExcerpt}; an object shows
 *       every field unless it has a {@code …} among them, so the README never pretends an answer is all there is.
 *   <li>Any other text: line by line, trailing spaces ignored; {@code …} within a line stands for any text in that
 *       line, and a line that is only {@code …} for any number of lines.
 * </ul>
 */
final class OutputMatcher {

  static final String ANY = "…";
  private static final int SHOWN_OUTPUT = 3000;

  private OutputMatcher() {}

  /** Why {@code actual} is not what {@code expected} shows; empty when it is. */
  static Optional<String> mismatch(String expected, String actual) {
    String shown = expected.strip();
    if (shown.startsWith("{") || shown.startsWith("[") || shown.startsWith(ANY)) {
      Optional<List<JsonNode>> excerpt = JsonExcerpt.parseExcerpt(shown);
      Optional<List<JsonNode>> values = JsonExcerpt.values(actual);
      if (excerpt.isPresent() && values.isPresent()) {
        return JsonExcerpt.mismatch(excerpt.get(), values.get()).map(why -> why + "\n" + printed(actual));
      }
    }
    return textMatches(expected, actual) ? Optional.empty()
        : Optional.of("expected (" + ANY + " for any text):\n" + expected + "\n" + printed(actual));
  }

  static boolean textMatches(String expected, String actual) {
    return pattern(normalised(expected)).matcher(normalised(actual)).matches();
  }

  /** Within one line {@code …} is any text of that line; a line of {@code …} alone is any number of lines. */
  private static Pattern pattern(String expected) {
    StringBuilder regex = new StringBuilder();
    for (String line : expected.lines().toList()) {
      if (line.strip().equals(ANY)) {
        regex.append("(?:[^\\n]*\\n)*?");
        continue;
      }
      String[] parts = line.split(ANY, -1);
      for (int i = 0; i < parts.length; i++) {
        regex.append(i > 0 ? "[^\\n]*?" : "").append(Pattern.quote(parts[i]));
      }
      regex.append("\\n");
    }
    return Pattern.compile(regex.toString());
  }

  /** Lines without trailing spaces, no empty lines before or after, each ending with a line break. */
  private static String normalised(String text) {
    StringBuilder out = new StringBuilder();
    for (String line : text.stripTrailing().replaceFirst("^(?:[ \t]*\n)+", "").lines().toList()) {
      out.append(line.stripTrailing()).append('\n');
    }
    return out.toString();
  }

  private static String printed(String actual) {
    String text = actual.length() > SHOWN_OUTPUT ? actual.substring(0, SHOWN_OUTPUT) + "\n[… cut]" : actual;
    return "but it printed:\n" + text;
  }
}
