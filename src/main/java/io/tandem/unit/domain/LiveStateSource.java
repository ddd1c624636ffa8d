package io.tandem.unit.domain;

import java.util.Optional;
import java.util.UUID;

/** The last observed live state of a unit, as YAML, for diffs against {@code liveState}. */
public interface LiveStateSource {

  Optional<String> liveState(UUID unitId);
}
