package io.tandem.health.status;

/** The status of one live object and why, in a few words ({@code ProgressDeadlineExceeded}, {@code Available: 1/3}). */
public record ObjectHealth(ObjectStatus status, String reason) {

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
