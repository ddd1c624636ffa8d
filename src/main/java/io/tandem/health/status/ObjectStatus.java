package io.tandem.health.status;

/** The status of one live object, as kstatus (Flux, kpt) names it. */
public enum ObjectStatus {
  Current,
  InProgress,
  Failed,
  Terminating,
  NotFound,
  Unknown;

  /** What this status makes of a unit whose worst object it is. */
  public HealthStatus health() {
    return switch (this) {
      case Current -> HealthStatus.Healthy;
      case InProgress, Terminating -> HealthStatus.Progressing;
      case Failed -> HealthStatus.Degraded;
      case NotFound -> HealthStatus.Missing;
      case Unknown -> HealthStatus.Unknown;
    };
  }
}
