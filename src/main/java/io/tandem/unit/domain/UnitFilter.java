package io.tandem.unit.domain;

import io.tandem.common.error.TandemException;
import io.tandem.query.DataFilter;
import io.tandem.query.WhereAttributes;
import io.tandem.query.WhereSql;

/**
 * Which units a list or a bulk call selects: {@code where} over their metadata, and {@code resourceType} /
 * {@code whereData} over their configuration; blank parts select everything.
 */
public record UnitFilter(String where, String resourceType, String whereData) {

  public static final UnitFilter ALL = new UnitFilter(null, null, null);

  public boolean isAll() {
    return isBlank(where) && isBlank(resourceType) && isBlank(whereData);
  }

  /** Whether {@code whereData} compares values of Secrets (see {@link DataFilter#readsSecretValues}). */
  public boolean readsSecretValues() {
    return DataFilter.readsSecretValues(resourceType, whereData);
  }

  /** @throws TandemException {@code invalid-where} or {@code invalid-argument} */
  WhereSql toSql() {
    return WhereSql.of(where, WhereAttributes.UNITS).and(DataFilter.of(resourceType, whereData));
  }

  private static boolean isBlank(String text) {
    return text == null || text.isBlank();
  }
}
