package io.tandem.common.web;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;

/**
 * Until the where language exists, a {@code where} filter is refused rather than ignored: a caller that acts on the
 * result (a bulk change, say) must never receive more than it asked for.
 */
public final class WhereNotSupported {

  private WhereNotSupported() {}

  public static void reject(String where) {
    if (where != null && !where.isBlank()) {
      throw new TandemException(ProblemCode.INVALID_WHERE, "Filtering with 'where' is not supported by this server yet.");
    }
  }
}
