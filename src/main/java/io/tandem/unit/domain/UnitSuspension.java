package io.tandem.unit.domain;

import io.tandem.space.domain.Suspension;

/**
 * Why nothing automatic happens to a unit: its own suspension, else its space's.
 *
 * @param scope whether the unit itself ({@code Unit}) or its space ({@code Space}) is suspended
 */
public record UnitSuspension(Scope scope, Suspension suspension) {

  public enum Scope { Unit, Space }

  /** The one that acts: the unit's own when it has one, else the space's; null when neither is suspended. */
  public static UnitSuspension of(Suspension own, Suspension space) {
    return own != null ? new UnitSuspension(Scope.Unit, own) : space != null ? new UnitSuspension(Scope.Space, space) : null;
  }

  /** {@code the unit is suspended (by alice: "incident 42")}, {@code its space is suspended (…)}, for messages. */
  public String describe() {
    return (scope == Scope.Unit ? "the unit is suspended" : "its space is suspended") + " (by " + suspension.by() + ": \""
        + suspension.reason() + "\")";
  }
}
