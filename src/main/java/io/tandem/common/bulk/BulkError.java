package io.tandem.common.bulk;

import io.swagger.v3.oas.annotations.media.Schema;
import io.tandem.common.error.TandemException;

/**
 * Why one item of a bulk request (actions, clones, upgrades, tag and change set applies) was not done: the problem
 * code and detail a single request would have answered with.
 */
@Schema(name = "BulkActionError")
public record BulkError(String code, String detail) {

  /** The error of a failed item; null for an item that succeeded. */
  public static BulkError of(TandemException error) {
    return error == null ? null : new BulkError(error.code().code(), error.getMessage());
  }
}
