package io.tandem.unit.domain;

import java.time.Instant;

/**
 * The outcome of a change to a unit: new metadata and/or a new revision, made at {@code at}. Both {@code null}
 * means nothing changes, and the unit's version stays as it is.
 */
record UnitChange(UnitMetadata metadata, NewRevision revision, Instant at) {

  static UnitChange none() {
    return new UnitChange(null, null, null);
  }

  boolean isNone() {
    return metadata == null && revision == null;
  }
}
