package io.tandem.targets.domain;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Persistence of targets' grants; every method is atomic on its own. */
public interface TargetGrantStore {

  /** Inserts or replaces the grant of {@code grant.space()} ({@link TargetGrant#EVERY_SPACE}: every space's). */
  void put(UUID targetId, TargetGrant grant);

  /** {@code false} when there was none. */
  boolean remove(UUID targetId, String space);

  /** A target's grants, the grant to every space first, then by space. */
  List<TargetGrant> list(UUID targetId);

  /** The grant to the space and the grant to every space, on the target named {@code target}. */
  List<TargetGrant> forSpace(String target, String space);

  /** The id of the space, when it exists. */
  Optional<UUID> spaceId(String space);
}
