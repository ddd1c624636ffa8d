package io.tandem.unit.domain;

import io.tandem.common.paging.PageRequest;
import java.util.List;
import java.util.Optional;

/**
 * The read model of unit responses: units with what their responses show beside them ({@link UnitView}), a unit or a
 * page of units in one statement, whatever the page's length.
 */
public interface UnitViews {

  /** The unit with its head data. */
  Optional<UnitView> find(String space, String slug);

  /**
   * Units of a space that match {@code where}, ordered by slug, after {@code page.after()}, at most {@code
   * page.limit() + 1}.
   */
  List<UnitView> list(String space, PageRequest page, boolean withData, UnitFilter.Checked filter);

  /** A unit just read or written, with what its response shows beside it as stored now. */
  UnitView of(Unit unit);
}
