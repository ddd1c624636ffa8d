package io.tandem.unit.domain;

import java.util.Optional;
import java.util.UUID;

/** Which revision of a unit a tag names: what {@code tag:<name>} revision references resolve through. */
public interface TaggedRevisions {

  Optional<Integer> revisionOf(UUID unitId, String tag);
}
