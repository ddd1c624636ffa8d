package io.tandem.space.api;

import io.tandem.common.paging.ListResponse;
import io.tandem.common.paging.PageRequest;
import io.tandem.common.web.Authors;
import io.tandem.common.web.MergePatches;
import io.tandem.space.domain.Space;
import io.tandem.space.domain.SpaceCreated;
import io.tandem.space.domain.SpaceDeleted;
import io.tandem.space.domain.SpaceService;
import io.tandem.space.domain.SpaceVisibility;
import java.net.URI;
import java.security.Principal;
import java.util.Optional;
import java.util.Set;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

@RestController
class SpaceController implements SpacesApi {

  private final SpaceService spaces;
  private final ApplicationEventPublisher events;
  private final SpaceVisibility visibility;

  SpaceController(SpaceService spaces, ApplicationEventPublisher events, SpaceVisibility visibility) {
    this.spaces = spaces;
    this.events = events;
    this.visibility = visibility;
  }

  @Override
  public ResponseEntity<SpaceResponse> createSpace(SpaceRequests.Create request, Principal principal) {
    SpaceResponse created =
        SpaceResponse.from(spaces.create(request.slug(), request.displayName(), request.labels(),
            new SpaceService.Settings(request.driftMode(), request.requiredApprovals(), request.applyWaitFor(),
                request.applyWaitTimeout(), request.fourEyes(), request.destroyGate())));
    events.publishEvent(new SpaceCreated(created.slug(), Authors.of(principal)));
    return ResponseEntity.created(URI.create("/api/v1/spaces/" + created.slug())).body(created);
  }

  @Override
  public ListResponse<SpaceResponse> listSpaces(String where, Integer limit, String cursor, Principal principal) {
    ListResponse<Space> page = spaces.list(PageRequest.of(limit, cursor), where);
    Optional<Set<String>> visible = visibility.visibleSpaces(principal);
    return new ListResponse<>(page.items().stream()
        .filter(space -> visible.isEmpty() || visible.get().contains(space.slug()))
        .map(SpaceResponse::from)
        .toList(), page.nextCursor());
  }

  @Override
  public SpaceResponse getSpace(String space) {
    return SpaceResponse.from(spaces.get(space));
  }

  @Override
  public SpaceResponse patchSpace(String space, JsonNode patch) {
    return SpaceResponse.from(spaces.patch(space, MergePatches.read(patch, SpaceService.PATCHABLE)));
  }

  @Override
  public ResponseEntity<Void> deleteSpace(String space, boolean recursive, String confirm) {
    spaces.delete(space, recursive, confirm);
    events.publishEvent(new SpaceDeleted(space));
    return ResponseEntity.noContent().build();
  }
}
