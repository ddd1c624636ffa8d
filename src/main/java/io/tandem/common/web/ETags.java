package io.tandem.common.web;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import java.util.Map;

/** Strong entity tags carrying a resource's {@code version}, and the {@code If-Match} check against them. */
public final class ETags {

  private ETags() {}

  public static String of(long version) {
    return "\"" + version + "\"";
  }

  /**
   * The version an {@code If-Match} header demands, or {@code null} when the header is absent or {@code *} (any
   * existing version). A header that names no version of ours can never match and is answered with 412.
   */
  public static Long expectedVersion(String ifMatch) {
    if (ifMatch == null || ifMatch.isBlank() || ifMatch.trim().equals("*")) {
      return null;
    }
    String tag = ifMatch.trim();
    if (tag.startsWith("W/")) {
      throw new TandemException(
          ProblemCode.PRECONDITION_FAILED, "If-Match needs a strong entity tag such as \"7\", not " + tag + ".");
    }
    if (tag.length() >= 2 && tag.startsWith("\"") && tag.endsWith("\"")) {
      tag = tag.substring(1, tag.length() - 1);
    }
    try {
      return Long.parseLong(tag);
    } catch (NumberFormatException e) {
      throw new TandemException(
          ProblemCode.PRECONDITION_FAILED, "If-Match " + ifMatch.trim() + " does not name a version of this resource.");
    }
  }

  /** Throws 412 when {@code expected} is set and differs from {@code current}. */
  public static void check(Long expected, long current, String what) {
    if (expected != null && expected != current) {
      throw new TandemException(
          ProblemCode.PRECONDITION_FAILED,
          "If-Match \"" + expected + "\" is stale: " + what + " is at version " + current + ".",
          Map.of("currentVersion", current));
    }
  }
}
