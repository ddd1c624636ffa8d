package io.tandem.health.domain;

import io.tandem.health.status.HealthStatus;
import io.tandem.health.status.ObjectHealth;
import java.time.Instant;
import java.util.List;

/**
 * A unit's health: the worst of its objects', with that object ({@code Deployment default/paymentservice}) and why
 * ({@code Deployment default/paymentservice: ProgressDeadlineExceeded}).
 *
 * @param object the worst object, {@code null} when every object is current
 * @param observedAt when the newest of the objects' health was observed
 */
public record UnitHealth(HealthStatus status, String reason, String object, Instant observedAt) {

  /**
   * One applied object as last observed.
   *
   * @param object its name for people: {@code Deployment default/paymentservice}
   * @param health {@code null} when it has not been observed since it was applied
   */
  public record Observed(String object, ObjectHealth health, Instant at) {}

  /** The worst of {@code objects}; {@code null} for a unit with no applied objects. */
  public static UnitHealth worstOf(List<Observed> objects) {
    if (objects.isEmpty()) {
      return null;
    }
    Observed worst = null;
    HealthStatus worstStatus = HealthStatus.Healthy;
    Instant newest = null;
    for (Observed observed : objects) {
      HealthStatus status = observed.health() == null ? HealthStatus.Unknown : observed.health().status().health();
      if (worst == null || status.worseThan(worstStatus)) {
        worst = observed;
        worstStatus = status;
      }
      if (observed.at() != null && (newest == null || observed.at().isAfter(newest))) {
        newest = observed.at();
      }
    }
    if (worstStatus == HealthStatus.Healthy) {
      return new UnitHealth(worstStatus, objects.size() == 1 ? worst.object() + " is current"
          : "All " + objects.size() + " objects are current", null, newest);
    }
    String why = worst.health() == null ? "not observed yet" : worst.health().reason();
    return new UnitHealth(worstStatus, worst.object() + ": " + why, worst.object(), newest);
  }
}
