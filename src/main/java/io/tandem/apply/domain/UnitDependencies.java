package io.tandem.apply.domain;

import io.tandem.unit.domain.UnitStore.UnitKey;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Which units each unit needs applied before it (its providers, through links); destroy goes the other way. */
public interface UnitDependencies {

  /** For each of {@code units} that has any, its providers among {@code units}. */
  Map<UnitKey, Set<UnitKey>> providers(List<UnitKey> units);
}
