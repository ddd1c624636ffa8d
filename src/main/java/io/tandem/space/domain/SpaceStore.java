package io.tandem.space.domain;

import io.tandem.common.paging.PageRequest;
import io.tandem.query.domain.Where;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/** Persistence of spaces. Every method is atomic on its own. */
public interface SpaceStore {

  /** Inserts a new space; {@code false} when its slug is taken, in which case nothing is written. */
  boolean insert(Space space);

  Optional<Space> find(String slug);

  /** Spaces that match {@code where}, ordered by slug, after {@code page.after()}, at most {@code page.limit() + 1}. */
  List<Space> list(PageRequest page, Where where);

  /**
   * Changes a space atomically: the row is locked, {@code change} computes the new metadata from the current state,
   * and the result is stored before the lock is released, so concurrent patches never lose each other's changes.
   */
  Optional<Space> update(String slug, UnaryOperator<Space> change);

  /** The slugs of the space's units that have objects on their target, in order. */
  List<String> unitsWithObjects(Space space);

  /**
   * Deletes the space. With {@code recursive} its units and their revisions go with it; without, a space that
   * still has units is left alone and {@code false} is returned.
   */
  boolean delete(Space space, boolean recursive);
}
