package io.tandem.imports.domain;

import java.util.Optional;
import java.util.UUID;

/** The units made from charts. Writes join the caller's transaction, the one that writes the unit's revision. */
public interface ChartUnitStore {

  Optional<ChartUnit> find(UUID unitId);

  /** Records the unit's chart, or replaces what was recorded. */
  void save(ChartUnit unit);
}
