package io.tandem.target.api;

import io.tandem.target.domain.BulkActions;
import io.tandem.unit.domain.UnitFilter;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;

@RestController
class BulkActionsController implements BulkActionsApi {

  private final BulkActions bulk;

  BulkActionsController(BulkActions bulk) {
    this.bulk = bulk;
  }

  @Override
  public ResponseEntity<BulkResponse> runSpaceActions(String space, BulkRequest request) {
    return run(space, request);
  }

  @Override
  public ResponseEntity<BulkResponse> runActions(BulkRequest request) {
    return run(null, request);
  }

  private ResponseEntity<BulkResponse> run(String space, BulkRequest request) {
    List<BulkActions.Result> results =
        bulk.run(space, request.action(), request.units(),
            new UnitFilter(request.where(), request.resourceType(), request.whereData()), Boolean.TRUE.equals(request.dryRun()));
    List<BulkResult> body =
        results.stream()
            .map(result -> new BulkResult(
                result.space(),
                result.unit(),
                result.action() == null ? null : UnitActionResponse.from(result.action()),
                result.error() == null ? null : new BulkError(result.error().code().code(), result.error().getMessage())))
            .toList();
    boolean allQueued = results.stream().allMatch(result -> result.error() == null);
    return ResponseEntity.status(allQueued ? HttpStatus.OK : HttpStatus.MULTI_STATUS).body(new BulkResponse(body));
  }
}
