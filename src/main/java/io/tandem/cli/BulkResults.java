package io.tandem.cli;

import io.tandem.client.model.BulkActionError;
import io.tandem.client.model.BulkActionResponse;
import io.tandem.client.model.BulkActionResult;
import io.tandem.client.model.UnitAction;

/** The answer of an action on many units: one row per unit; exit code 1 when any failed. */
final class BulkResults {

  private BulkResults() {}

  static int show(Output output, BulkActionResponse response) {
    output.print(response, response.getResults(),
        new Output.Column<BulkActionResult>("SPACE", BulkActionResult::getSpace),
        new Output.Column<BulkActionResult>("UNIT", BulkActionResult::getUnit),
        new Output.Column<BulkActionResult>("ACTION", result -> result.getAction() == null ? null : result.getAction().getAction()),
        new Output.Column<BulkActionResult>("STATUS", result -> result.getAction() == null ? null : result.getAction().getStatus()),
        new Output.Column<BulkActionResult>("RESULT", result -> result.getAction() == null ? null : result.getAction().getResult()),
        new Output.Column<BulkActionResult>("ERROR", result -> error(result.getError())));
    boolean failed = response.getResults().stream().anyMatch(result -> result.getError() != null
        || (result.getAction() != null && result.getAction().getStatus() == UnitAction.StatusEnum.FAILED));
    return failed ? 1 : 0;
  }

  static String error(BulkActionError error) {
    return error == null ? null : error.getDetail() + " (" + error.getCode() + ")";
  }
}
