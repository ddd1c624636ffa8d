package io.tandem.unit.domain;

import java.util.Optional;
import java.util.UUID;

/** The last observed live state of a unit, for diffs against {@code liveState}. */
public interface LiveStateSource {

  /**
   * The live state as the unit's own text: {@code applied}, the text of the revision its target runs, with what the
   * cluster changed since they last agreed; empty when the unit was never observed.
   */
  Optional<String> liveState(UUID unitId, String applied);
}
