package io.tandem.tag.domain;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

public interface TagStore {

  /** Creates the tag with these revisions (unit id → revision number); false when the slug is taken. */
  boolean insert(UUID spaceId, String slug, String description, Instant at, Map<UUID, Integer> revisions);

  Optional<Tag> find(String space, String slug);

  List<Tag> list(String space);

  boolean delete(String space, String slug);
}
