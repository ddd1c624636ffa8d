package io.tandem.health.status;

/**
 * The health of a unit, the worst of its objects', in increasing order of badness: a unit is Degraded if any object
 * failed, else Missing if any is gone, else Unknown if any could not be judged, else Progressing if any is on its way.
 */
public enum HealthStatus {
  Healthy,
  Progressing,
  Unknown,
  Missing,
  Degraded;

  public boolean worseThan(HealthStatus other) {
    return compareTo(other) > 0;
  }
}
