package io.tandem.targets.domain;

import io.tandem.common.error.TandemException;
import java.util.Arrays;
import java.util.Locale;

/** What a space may do with a target it is granted. */
public enum TargetUse {
  /** Apply, destroy and move objects, continuous apply and revert; it includes {@link #READ_LIVE}. */
  APPLY("apply"),
  /** Import objects from the cluster into units ({@code source: cluster}). */
  IMPORT("import"),
  /** Read the live state of the space's units: refresh, watches, {@code GET …/live}, drift and health. */
  READ_LIVE("read-live");

  private final String word;

  TargetUse(String word) {
    this.word = word;
  }

  public String word() {
    return word;
  }

  /**
   * The use a word of the API names, in any case.
   *
   * @throws TandemException {@code validation-failed} for a word that names no use
   */
  public static TargetUse parse(String word) {
    return Arrays.stream(values())
        .filter(use -> use.word.equals(word == null ? null : word.toLowerCase(Locale.ROOT)))
        .findFirst()
        .orElseThrow(() -> TandemException.validation("Field 'uses': '" + word + "' is not one of apply, import,"
            + " read-live."));
  }
}
