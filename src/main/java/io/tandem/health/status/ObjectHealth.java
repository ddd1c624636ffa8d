package io.tandem.health.status;

/** The status of one live object and why, in a few words ({@code ProgressDeadlineExceeded}, {@code Available: 1/3}). */
public record ObjectHealth(ObjectStatus status, String reason) {

  /**
   * The longest reason kept: a condition's message, or what a worker reports, can run to kilobytes; the unit's health
   * names one object's reason, so the rest is cut and marked.
   */
  public static final int MAX_REASON = 300;

  public ObjectHealth {
    if (reason != null && reason.length() > MAX_REASON) {
      int end = Character.isHighSurrogate(reason.charAt(MAX_REASON - 2)) ? MAX_REASON - 2 : MAX_REASON - 1;
      reason = reason.substring(0, end) + "\u2026";
    }
  }

  public static ObjectHealth current(String reason) {
    return new ObjectHealth(ObjectStatus.Current, reason);
  }

  public static ObjectHealth inProgress(String reason) {
    return new ObjectHealth(ObjectStatus.InProgress, reason);
  }

  public static ObjectHealth failed(String reason) {
    return new ObjectHealth(ObjectStatus.Failed, reason);
  }

  public static ObjectHealth notFound() {
    return new ObjectHealth(ObjectStatus.NotFound, "NotFound");
  }
}
