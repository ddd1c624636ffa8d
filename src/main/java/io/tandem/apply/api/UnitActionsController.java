package io.tandem.apply.api;

import io.tandem.action.domain.UnitAction;
import io.tandem.apply.domain.ActionService;
import io.tandem.apply.domain.ApplyPreviews;
import io.tandem.common.error.TandemException;
import io.tandem.common.paging.ListResponse;
import io.tandem.common.paging.PageRequest;
import io.tandem.health.domain.ApplyWait;
import io.tandem.unit.domain.RevisionRef;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;

@RestController
class UnitActionsController implements UnitActionsApi {

  private final ActionService actions;
  private final ApplyPreviews previews;
  private final io.tandem.security.domain.SpaceRoles roles;

  UnitActionsController(ActionService actions, ApplyPreviews previews, io.tandem.security.domain.SpaceRoles roles) {
    this.actions = actions;
    this.previews = previews;
    this.roles = roles;
  }

  @Override
  public ResponseEntity<UnitActionResponse> applyUnit(String space, String unit, String revision, Integer wait, boolean takeOver,
      String waitFor, String timeout, boolean overrideSyncWindows, java.security.Principal principal) {
    return respond(actions.apply(space, unit, RevisionRef.parse("revision", revision), takeOver,
        ApplyWait.parse("Parameter", "waitFor", waitFor, "timeout", timeout), wait,
        overrideSyncWindows ? io.tandem.common.web.Authors.of(principal) : null));
  }

  @Override
  public ApplyPreviewResponse previewApply(String space, String unit, String revision, boolean takeOver) {
    return ApplyPreviewResponse.from(previews.preview(space, unit, RevisionRef.parse("revision", revision), takeOver));
  }

  @Override
  public ApplyPreviewResponse applyDryRun(String space, String unit, String revision, boolean dryRun, boolean takeOver) {
    if (!dryRun) {
      throw TandemException.invalidArgument("Parameter 'dryRun' is true or false; leave it out for an apply.");
    }
    return previewApply(space, unit, revision, takeOver);
  }

  @Override
  public ResponseEntity<UnitActionResponse> refreshUnit(String space, String unit, boolean dryRun, Integer wait) {
    return respond(actions.refresh(space, unit, dryRun, wait));
  }

  @Override
  public ResponseEntity<UnitActionResponse> destroyUnit(String space, String unit, String confirm, Integer wait) {
    return respond(actions.destroy(space, unit, confirm, wait));
  }

  @Override
  public ListResponse<UnitActionResponse> listUnitActions(String space, String unit, Integer limit, String cursor) {
    ListResponse<UnitAction> page = actions.forUnit(space, unit, PageRequest.of(limit, cursor));
    return new ListResponse<>(page.items().stream().map(UnitActionResponse::from).toList(), page.nextCursor());
  }

  @Override
  public UnitActionResponse getAction(UUID id, java.security.Principal principal) {
    UnitAction action = actions.get(id);
    if (roles.visibleSpaces(principal).map(visible -> !visible.contains(action.space())).orElse(false)) {
      throw io.tandem.common.error.TandemException.notFound("Action " + id + " does not exist."); // as if it did not
    }
    return UnitActionResponse.from(action);
  }

  private static ResponseEntity<UnitActionResponse> respond(UnitAction action) {
    return ResponseEntity.status(action.status().finished() ? HttpStatus.OK : HttpStatus.ACCEPTED)
        .body(UnitActionResponse.from(action));
  }
}
