package io.tandem.space.domain;

import io.tandem.common.error.TandemException;
import java.util.Arrays;

/** Who applies a unit's new head revision: a person ({@code OnDemand}), or the server once its gates pass. */
public enum ApplyMode {
  /** Applied when someone asks. */
  OnDemand,
  /** Applied by the server once the revision's gates pass; a failed apply is retried with backoff. */
  Continuous;

  /** Parses a field value, answering 400 with the allowed values when it is not one of them. */
  public static ApplyMode parse(String field, String value) {
    for (ApplyMode mode : values()) {
      if (mode.name().equals(value)) {
        return mode;
      }
    }
    throw TandemException.validation(
        "Field '" + field + "' must be one of " + Arrays.toString(values()) + ", not '" + value + "'.");
  }
}
