package io.tandem.common.concurrency;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import java.util.Map;

/** The compare-and-set of a write: the version the caller read (its {@code If-Match}) must still be the current one. */
public final class ExpectedVersion {

  private ExpectedVersion() {}

  /** Throws 412 {@code precondition-failed} when {@code expected} is set and differs from {@code current}. */
  public static void check(Long expected, long current, String what) {
    if (expected != null && expected != current) {
      throw new TandemException(
          ProblemCode.PRECONDITION_FAILED,
          "If-Match \"" + expected + "\" is stale: " + what + " is at version " + current + ".",
          Map.of("currentVersion", current));
    }
  }
}
