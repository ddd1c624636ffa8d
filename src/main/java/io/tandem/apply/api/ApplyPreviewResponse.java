package io.tandem.apply.api;

import io.swagger.v3.oas.annotations.media.Schema;
import io.tandem.apply.domain.ApplyPreview;
import io.tandem.unit.api.DiffResponse;
import java.util.List;

@Schema(name = "ApplyPreview", description = "What an apply would change on the cluster, from a server-side dry run;"
    + " nothing was written, recorded or queued")
public record ApplyPreviewResponse(
    @Schema(description = "The target the apply would go to") String target,
    @Schema(description = "The revision the apply would apply") int revision,
    @Schema(description = "The revision's objects in the order of its data, then those the prune would delete")
        List<PreviewObject> objects,
    @Schema(description = "The paths the apply would change, as diff shows them: the object as it is now against the"
        + " object the API server would store (server defaults and server-managed fields are not changes); a new"
        + " object is one add at path \"\", a pruned one a remove") List<DiffResponse.Change> changes,
    @Schema(description = "Unified diff of the objects as they are now and as they would be; empty when nothing changes")
        String unified,
    @Schema(description = "The objects the prune would delete (in the live revision, not in this one, not applied by"
        + " another unit since, and on the cluster)") List<PreviewObject> prune,
    @Schema(description = "Why the apply would be refused (its gates, missing approvals, objects of other units);"
        + " empty when it would run") List<String> gates,
    @Schema(description = "Fields the apply would take from other field managers") List<String> takenOver,
    @Schema(description = "Changes to fields that the unit's or its space's ignore rules cover (by path): never drift,"
        + " captured or reverted; not in changes") List<DiffResponse.Change> ignored) {

  @Schema(name = "ApplyPreviewObject")
  public record PreviewObject(
      @Schema(description = "Its id in the unit's data, as in changes") String resource,
      String kind,
      @Schema(description = "Where it is on the cluster; empty for cluster-scoped objects") String namespace,
      String name,
      @Schema(allowableValues = {"create", "update", "unchanged", "delete"}) String operation,
      @Schema(description = "Why the API server's answer is not shown: it refused the object, or could not check it"
          + " yet (its namespace or kind does not exist); null otherwise") String note) {

    static PreviewObject from(ApplyPreview.PreviewObject object) {
      return new PreviewObject(object.resource(), object.kind(), object.namespace(), object.name(),
          object.operation().name(), object.note());
    }
  }

  static ApplyPreviewResponse from(ApplyPreview preview) {
    return new ApplyPreviewResponse(preview.target(), preview.revision(),
        preview.objects().stream().map(PreviewObject::from).toList(),
        preview.changes().stream().map(DiffResponse.Change::from).toList(),
        preview.unified(),
        preview.prune().stream().map(PreviewObject::from).toList(),
        preview.gates(), preview.takenOver(), preview.ignored().stream().map(DiffResponse.Change::from).toList());
  }
}
