package io.tandem.space.domain;

import io.tandem.common.error.TandemException;
import java.time.Instant;

/**
 * Who stopped everything automatic for a unit or a space, why and when. While a unit or its space is suspended the
 * server queues nothing for it on its own (no revert of drift, no automatic apply); people's calls still work, and
 * drift and health are still observed.
 */
public record Suspension(String by, String reason, Instant at) {

  static final int MAX_REASON = 1000;

  /**
   * The reason given for a suspension, stripped.
   *
   * @throws TandemException {@code validation-failed} without a reason, or with one over 1000 characters
   */
  public static String requireReason(String reason) {
    if (reason == null || reason.isBlank()) {
      throw TandemException.validation("Field 'reason' is required: say why automatic actions stop (it shows on the"
          + " unit or space, and in the event).");
    }
    if (reason.length() > MAX_REASON) {
      throw TandemException.validation("Field 'reason' may be at most " + MAX_REASON + " characters, not " + reason.length() + ".");
    }
    return reason.strip();
  }
}
