package io.tandem.common.naming;

import io.tandem.common.error.TandemException;
import java.util.Locale;
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

  /**
   * A slug made of any text ({@code apps/Web_API} gives {@code apps-web-api}): lower case, each run of other
   * characters one '-', none at either end, at most 63 characters. Empty when the text holds no letter or digit.
   */
  public static String derive(String text) {
    String slug = text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
    return slug.length() <= 63 ? slug : slug.substring(0, 63).replaceAll("-+$", "");
  }

  private static String abbreviate(String value) {
    return value.length() <= 80 ? value : value.substring(0, 77) + "...";
  }
}
