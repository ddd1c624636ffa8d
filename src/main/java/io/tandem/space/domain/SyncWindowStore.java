package io.tandem.space.domain;

import java.util.List;
import java.util.Optional;

/** Each space's sync windows. */
public interface SyncWindowStore {

  /** The space's windows, in their order; empty when the space does not exist. */
  Optional<List<SyncWindow>> of(String space);

  /** Replaces the space's windows; {@code false} when the space does not exist. */
  boolean put(String space, List<SyncWindow> windows);
}
