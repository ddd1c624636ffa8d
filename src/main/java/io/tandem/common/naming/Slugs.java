package io.tandem.common.naming;

import io.tandem.common.error.TandemException;
import java.util.regex.Pattern;

/** The name rule shared by spaces, units and targets: a DNS label (lowercase, digits, '-', at most 63). */
public final class Slugs {

  private static final Pattern SLUG = Pattern.compile("^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$");

  private Slugs() {}

  public static boolean isValid(String slug) {
    return slug != null && SLUG.matcher(slug).matches();
  }

  /** Throws 400 {@code validation-failed} naming the field when {@code slug} breaks the rule. */
  public static String require(String field, String slug) {
    if (slug == null || slug.isEmpty()) {
      throw TandemException.validation("Field '" + field + "' is required.");
    }
    if (!isValid(slug)) {
      throw TandemException.validation(
          "Field '" + field + "' must be 1-63 lowercase letters, digits or '-', starting and ending with a letter or"
              + " digit; got '" + abbreviate(slug) + "'.");
    }
    return slug;
  }

  private static String abbreviate(String value) {
    return value.length() <= 80 ? value : value.substring(0, 77) + "...";
  }
}
