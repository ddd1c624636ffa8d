package io.tandem.space.domain;

import io.tandem.common.error.TandemException;
import java.util.Arrays;

/** What Tandem does when a unit's live objects differ from its live revision. */
public enum DriftMode {
  /** Detect and show drift; change nothing. */
  Report,
  /** Pull live changes back as new revisions. */
  Capture,
  /** Re-apply the live revision, except for break-glass changes by people, which are held and reported. */
  Revert;

  /** Parses a field value, answering 400 with the allowed values when it is not one of them. */
  public static DriftMode parse(String field, String value) {
    for (DriftMode mode : values()) {
      if (mode.name().equals(value)) {
        return mode;
      }
    }
    throw TandemException.validation(
        "Field '" + field + "' must be one of " + Arrays.toString(values()) + ", not '" + value + "'.");
  }
}
