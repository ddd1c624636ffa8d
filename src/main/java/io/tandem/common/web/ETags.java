package io.tandem.common.web;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;

/**
 * Strong entity tags carrying a resource's {@code version}, and the version an {@code If-Match} names (which {@link
 * io.tandem.common.concurrency.ExpectedVersion} then checks).
 */
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
}
