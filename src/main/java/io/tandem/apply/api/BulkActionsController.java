package io.tandem.apply.api;

import io.tandem.apply.domain.BulkActions;
import io.tandem.health.domain.ApplyWait;
import io.tandem.unit.domain.UnitFilter;
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
    return BulkResponse.of(bulk.run(space, request.action(), request.units(),
        new UnitFilter(request.where(), request.resourceType(), request.whereData()), Boolean.TRUE.equals(request.dryRun()),
        ApplyWait.parse("Field", "waitFor", request.waitFor(), "timeout", request.timeout()),
        new BulkActions.Confirmation(request.confirm(), request.count())));
  }
}
