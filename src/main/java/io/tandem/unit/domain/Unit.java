package io.tandem.unit.domain;

import java.time.Instant;
import java.util.UUID;

/**
 * A unit and its revision counters. {@code data} is the head revision's data, or {@code null} when not loaded.
 *
 * @param version increases on every change, data or metadata; the unit's ETag
 * @param lastAppliedRevisionNum the revision an apply was last started with (0: never)
 * @param liveRevisionNum the revision last applied successfully (0: never)
 */
public record Unit(
    UUID id,
    String space,
    String slug,
    UnitMetadata metadata,
    long version,
    int headRevisionNum,
    int lastAppliedRevisionNum,
    int liveRevisionNum,
    int previousLiveRevisionNum,
    Drift drift,
    Instant createdAt,
    Instant updatedAt,
    String data) {

  public boolean unappliedChanges() {
    return headRevisionNum > liveRevisionNum;
  }

  public Unit withData(String newData) {
    return new Unit(
        id, space, slug, metadata, version, headRevisionNum, lastAppliedRevisionNum, liveRevisionNum,
        previousLiveRevisionNum, drift, createdAt, updatedAt, newData);
  }
}
