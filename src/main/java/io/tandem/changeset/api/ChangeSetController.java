package io.tandem.changeset.api;

import io.tandem.apply.api.BulkActionsApi.BulkResponse;
import io.tandem.changeset.domain.ChangeSet;
import io.tandem.changeset.domain.ChangeSetService;
import io.tandem.common.paging.ListResponse;
import io.tandem.health.domain.ApplyWait;
import java.net.URI;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;

@RestController
class ChangeSetController implements ChangeSetsApi {

  private final ChangeSetService changeSets;

  ChangeSetController(ChangeSetService changeSets) {
    this.changeSets = changeSets;
  }

  @Override
  public ResponseEntity<ChangeSetResponse> createChangeSet(String space, CreateChangeSetRequest request) {
    ChangeSet created = changeSets.create(space, request.slug(), request.description(),
        new ChangeSetService.Selection(request.where(), request.units()));
    return ResponseEntity.created(URI.create("/api/v1/spaces/" + space + "/change-sets/" + created.slug())).body(response(created));
  }

  @Override
  public ListResponse<ChangeSetResponse> listChangeSets(String space) {
    return new ListResponse<>(changeSets.list(space).stream().map(ChangeSetController::response).toList(), null);
  }

  @Override
  public ChangeSetResponse getChangeSet(String space, String changeSet) {
    return response(changeSets.get(space, changeSet));
  }

  @Override
  public ChangeSetResponse addChangeSetUnits(String space, String changeSet, UnitSelection selection) {
    return response(changeSets.addUnits(space, changeSet,
        selection == null ? null : new ChangeSetService.Selection(selection.where(), selection.units())));
  }

  @Override
  public ChangeSetResponse removeChangeSetUnit(String space, String changeSet, String unit) {
    return response(changeSets.removeUnit(space, changeSet, unit));
  }

  @Override
  public ChangeSetResponse closeChangeSet(String space, String changeSet) {
    return response(changeSets.close(space, changeSet));
  }

  @Override
  public ListResponse<ChangeSetRevision> listChangeSetRevisions(String space, String changeSet) {
    return new ListResponse<>(changeSets.revisions(space, changeSet).stream()
        .map(revision -> new ChangeSetRevision(revision.unit(), revision.revisionNum(), revision.source(),
            revision.description(), revision.author(), revision.createdAt()))
        .toList(), null);
  }

  @Override
  public ResponseEntity<BulkResponse> applyChangeSet(String space, String changeSet, String waitFor, String timeout) {
    return BulkResponse.of(changeSets.apply(space, changeSet, ApplyWait.parse("Parameter", "waitFor", waitFor, "timeout", timeout)));
  }

  @Override
  public ResponseEntity<Void> deleteChangeSet(String space, String changeSet) {
    changeSets.delete(space, changeSet);
    return ResponseEntity.noContent().build();
  }

  private static ChangeSetResponse response(ChangeSet changeSet) {
    return new ChangeSetResponse(changeSet.space(), changeSet.slug(), changeSet.description(), changeSet.createdAt(),
        changeSet.units());
  }
}
