package io.tandem.web;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.web.util.HtmlUtils;

/**
 * YAML as HTML with spans for keys, comments, document separators and scalar values (classes {@code y-k},
 * {@code y-c}, {@code y-d}, {@code y-v}): a reading aid, line by line, not a parser. Every piece of the text is
 * HTML-escaped before it is wrapped.
 */
final class YamlHighlight {

  private static final Pattern KEY = Pattern.compile("^(\\s*(?:- )*)([^\\s#'\"][^:#]*?|\"[^\"]*\"|'[^']*')(:)(\\s.*|)$");

  private YamlHighlight() {}

  static String html(String yaml) {
    if (yaml == null) {
      return "";
    }
    StringBuilder html = new StringBuilder();
    for (String line : yaml.split("\n", -1)) {
      html.append(line(line)).append('\n');
    }
    return html.toString();
  }

  private static String line(String line) {
    if (line.equals("---") || line.equals("...")) {
      return span("y-d", line);
    }
    if (line.stripLeading().startsWith("#")) {
      return span("y-c", line);
    }
    Matcher key = KEY.matcher(line);
    if (key.matches()) {
      return HtmlUtils.htmlEscape(key.group(1)) + span("y-k", key.group(2)) + HtmlUtils.htmlEscape(key.group(3))
          + value(key.group(4));
    }
    int dash = line.indexOf("- ");
    if (dash >= 0 && line.substring(0, dash).isBlank()) {
      return HtmlUtils.htmlEscape(line.substring(0, dash + 2)) + value(line.substring(dash + 2));
    }
    return HtmlUtils.htmlEscape(line);
  }

  private static String value(String rest) {
    if (rest.isBlank()) {
      return HtmlUtils.htmlEscape(rest);
    }
    int start = rest.length() - rest.stripLeading().length();
    return HtmlUtils.htmlEscape(rest.substring(0, start)) + span("y-v", rest.substring(start));
  }

  private static String span(String css, String text) {
    return "<span class=\"" + css + "\">" + HtmlUtils.htmlEscape(text) + "</span>";
  }
}
