package io.tandem.trigger.domain;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

public interface TriggerStore {

  /** False when the space has a trigger of that slug already. */
  boolean insert(UUID spaceId, Trigger trigger);

  Optional<Trigger> find(String space, String slug);

  /** The space's triggers in slug order. */
  List<Trigger> list(String space);

  /** The space's triggers in slug order, with the version of its checks they are ({@code space.checks_version}). */
  Versioned versioned(String space);

  /** A space's triggers as of one version of its checks. */
  record Versioned(long version, List<Trigger> triggers) {}

  void update(Trigger trigger);

  boolean delete(String space, String slug);
}
