package io.tandem.tag.api;

import io.tandem.apply.api.BulkActionsApi.BulkResponse;
import io.tandem.common.bulk.BulkError;
import io.tandem.common.error.TandemException;
import io.tandem.common.paging.ListResponse;
import io.tandem.common.web.Authors;
import io.tandem.health.domain.ApplyWait;
import io.tandem.tag.domain.Tag;
import io.tandem.tag.domain.TagService;
import java.net.URI;
import java.security.Principal;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;

@RestController
class TagController implements TagsApi {

  private final TagService tags;

  TagController(TagService tags) {
    this.tags = tags;
  }

  @Override
  public ResponseEntity<TagResponse> createTag(String space, CreateTagRequest request) {
    Tag tag = tags.create(space, new TagService.NewTag(request.slug(), request.description(), request.where(),
        request.units(), which(request.revision())));
    return ResponseEntity.created(URI.create("/api/v1/spaces/" + space + "/tags/" + tag.slug())).body(response(tag));
  }

  @Override
  public ListResponse<TagResponse> listTags(String space) {
    return new ListResponse<>(tags.list(space).stream().map(TagController::response).toList(), null);
  }

  @Override
  public TagResponse getTag(String space, String tag) {
    return response(tags.get(space, tag));
  }

  @Override
  public ResponseEntity<Void> deleteTag(String space, String tag) {
    tags.delete(space, tag);
    return ResponseEntity.noContent().build();
  }

  @Override
  public ResponseEntity<RestoreResponse> restoreTag(String space, String tag, Principal principal) {
    List<TagService.Restored> restored = tags.restore(space, tag, Authors.of(principal));
    List<RestoreResult> results = restored.stream()
        .map(result -> new RestoreResult(result.unit(),
            result.result() == null ? null : result.result().headRevisionNum(),
            BulkError.of(result.error())))
        .toList();
    boolean all = restored.stream().allMatch(result -> result.error() == null);
    return ResponseEntity.status(all ? HttpStatus.OK : HttpStatus.MULTI_STATUS).body(new RestoreResponse(results));
  }

  @Override
  public ResponseEntity<BulkResponse> applyTag(String space, String tag, String waitFor, String timeout) {
    return BulkResponse.of(tags.apply(space, tag, ApplyWait.parse("Parameter", "waitFor", waitFor, "timeout", timeout)));
  }

  private static TagService.Which which(String revision) {
    if (revision == null) {
      return null;
    }
    return switch (revision) {
      case "head" -> TagService.Which.head;
      case "live" -> TagService.Which.live;
      default -> throw TandemException.validation("Field 'revision' must be 'head' or 'live', not '" + revision + "'.");
    };
  }

  private static TagResponse response(Tag tag) {
    return new TagResponse(tag.space(), tag.slug(), tag.description(), tag.createdAt(),
        tag.revisions().stream().map(revision -> new TaggedRevision(revision.unit(), revision.revisionNum())).toList());
  }
}
