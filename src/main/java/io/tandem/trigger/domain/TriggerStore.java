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

  void update(Trigger trigger);

  boolean delete(String space, String slug);
}
