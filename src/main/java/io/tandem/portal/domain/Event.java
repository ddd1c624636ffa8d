package io.tandem.portal.domain;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Something that happened in a space: {@code RevisionCreated}, {@code ActionFinished}, {@code DriftDetected},
 * {@code DriftCleared}, {@code GateOpened}, {@code GateClosed}, {@code UnitHealthChanged}, {@code UnitSuspended} or
 * {@code UnitResumed}, about a unit, or {@code SpaceSuspended} or {@code SpaceResumed}, about no unit; with what a
 * portal needs to show it.
 */
public record Event(long id, String space, String type, String unit, Map<String, Object> payload, Instant createdAt) {

  public static final List<String> TYPES =
      List.of("RevisionCreated", "ActionFinished", "DriftDetected", "DriftCleared", "GateOpened", "GateClosed",
          "UnitHealthChanged", "UnitSuspended", "UnitResumed", "SpaceSuspended", "SpaceResumed");
}
