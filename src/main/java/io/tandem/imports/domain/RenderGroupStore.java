package io.tandem.imports.domain;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Which part of a rendering each unit made of one holds. Writes join the caller's transaction. */
public interface RenderGroupStore {

  /** A unit made of part of a rendering. */
  record Member(UUID unitId, String space, String slug, RenderGroup group) {}

  Optional<Member> find(UUID unitId);

  /** The units of the space made of the same rendering. */
  List<Member> ofSource(String space, String source);

  /** Records the unit's part, or replaces what was recorded. */
  void save(UUID unitId, RenderGroup group);
}
