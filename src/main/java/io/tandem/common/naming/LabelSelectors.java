package io.tandem.common.naming;

import io.tandem.common.error.TandemException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Kubernetes label selectors ({@code app=web,tier in (front,back),!canary}), checked before any is sent to a cluster,
 * so that a typo is a 400 naming it rather than whatever the cluster answers.
 */
public final class LabelSelectors {

  private static final Pattern EXISTS = Pattern.compile("(!?)\\s*([^\\s=!()]+)");
  private static final Pattern EQUALITY = Pattern.compile("([^\\s=!()]+)\\s*(==|=|!=)\\s*([^\\s=!(),]*)");
  private static final Pattern SET = Pattern.compile("([^\\s=!()]+)\\s+(in|notin)\\s*\\(([^()]*)\\)");

  private LabelSelectors() {}

  /**
   * The selector, trimmed; {@code null} for none (null or blank).
   *
   * @throws TandemException {@code validation-failed} naming the field and the requirement that is wrong
   */
  public static String require(String field, String selector) {
    if (selector == null || selector.isBlank()) {
      return null;
    }
    for (String requirement : requirements(field, selector.strip())) {
      try {
        check(requirement);
      } catch (TandemException e) {
        throw TandemException.validation("Field '" + field + "' is not a label selector at '" + requirement + "': "
            + e.getMessage());
      }
    }
    return selector.strip();
  }

  /** The comma-separated requirements; commas inside {@code ( )} separate values, not requirements. */
  private static List<String> requirements(String field, String selector) {
    List<String> parts = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < selector.length(); i++) {
      char c = selector.charAt(i);
      depth += c == '(' ? 1 : c == ')' ? -1 : 0;
      if (depth < 0 || depth > 1) {
        throw TandemException.validation("Field '" + field + "' has unbalanced parentheses.");
      }
      if (c == ',' && depth == 0) {
        parts.add(selector.substring(start, i).strip());
        start = i + 1;
      }
    }
    if (depth != 0) {
      throw TandemException.validation("Field '" + field + "' has unbalanced parentheses.");
    }
    parts.add(selector.substring(start).strip());
    return parts;
  }

  private static void check(String requirement) {
    Matcher set = SET.matcher(requirement);
    if (set.matches()) {
      Labels.checkKey(set.group(1));
      for (String value : set.group(3).split(",", -1)) {
        Labels.checkValue(set.group(1), value.strip());
      }
      return;
    }
    Matcher equality = EQUALITY.matcher(requirement);
    if (equality.matches()) {
      Labels.checkKey(equality.group(1));
      Labels.checkValue(equality.group(1), equality.group(3));
      return;
    }
    Matcher exists = EXISTS.matcher(requirement);
    if (exists.matches()) {
      Labels.checkKey(exists.group(2));
      return;
    }
    throw TandemException.validation("expected key, !key, key=value, key!=value, key in (a,b) or key notin (a,b).");
  }
}
