package io.tandem.unit.domain;

import io.tandem.common.error.TandemException;
import io.tandem.query.domain.DataQuery;
import io.tandem.query.domain.Where;
import io.tandem.query.domain.WhereCatalog;

/**
 * Which units a list or a bulk call selects, as the caller wrote it: {@code where} over their metadata, and
 * {@code resourceType} / {@code whereData} over their configuration; blank parts select everything.
 */
public record UnitFilter(String where, String resourceType, String whereData) {

  public static final UnitFilter ALL = new UnitFilter(null, null, null);

  /** The filter checked: what a store selects by. */
  public record Checked(Where where, DataQuery data) {

    public static final Checked ALL = new Checked(Where.NONE, DataQuery.NONE);
  }

  public boolean isAll() {
    return isBlank(where) && isBlank(resourceType) && isBlank(whereData);
  }

  /** @throws TandemException {@code invalid-where} or {@code invalid-argument} */
  Checked check() {
    return new Checked(Where.parse(where, WhereCatalog.UNITS), DataQuery.parse(resourceType, whereData));
  }

  private static boolean isBlank(String text) {
    return text == null || text.isBlank();
  }
}
