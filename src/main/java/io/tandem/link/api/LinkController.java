package io.tandem.link.api;

import io.tandem.common.paging.ListResponse;
import io.tandem.common.web.Authors;
import io.tandem.link.domain.Link;
import io.tandem.link.domain.LinkService;
import io.tandem.unit.domain.Unit;
import java.net.URI;
import java.security.Principal;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;

@RestController
class LinkController implements LinksApi {

  private final LinkService links;

  LinkController(LinkService links) {
    this.links = links;
  }

  @Override
  public ResponseEntity<LinkResult> createLink(String space, String unit, CreateLinkRequest request, Principal principal) {
    Unit linked = links.link(space, unit, request.toSpace(), request.to(), Authors.of(principal));
    String toSpace = request.toSpace() == null ? space : request.toSpace();
    Link link = links.links(space, unit).stream()
        .filter(candidate -> candidate.fromUnit().equals(unit) && candidate.toSpace().equals(toSpace) && candidate.toUnit().equals(request.to()))
        .findFirst()
        .orElseThrow();
    return ResponseEntity.created(URI.create("/api/v1/spaces/" + space + "/units/" + unit + "/links/" + request.to()))
        .body(new LinkResult(response(link), linked.headRevisionNum()));
  }

  @Override
  public ListResponse<LinkResponse> listLinks(String space, String unit) {
    return new ListResponse<>(links.links(space, unit).stream().map(LinkController::response).toList(), null);
  }

  @Override
  public ResponseEntity<Void> deleteLink(String space, String unit, String to, String toSpace) {
    links.unlink(space, unit, toSpace, to);
    return ResponseEntity.noContent().build();
  }

  private static LinkResponse response(Link link) {
    return new LinkResponse(link.fromSpace(), link.fromUnit(), link.toSpace(), link.toUnit(), link.createdAt());
  }
}
