package io.tandem.web;

import io.tandem.common.access.Access;
import io.tandem.common.paging.PageRequest;
import io.tandem.portal.domain.SpaceSummaries;
import io.tandem.portal.domain.SpaceSummary;
import io.tandem.security.domain.SpaceRoles;
import io.tandem.space.domain.Space;
import io.tandem.space.domain.SpaceService;
import java.security.Principal;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

/** The spaces the caller may see, each with what needs attention: drift, health, gates, unapplied heads. */
@Controller
class SpacesPage {

  /** Health that needs a person: still progressing is not yet unhealthy. */
  private static final List<String> UNHEALTHY = List.of("Degraded", "Missing");

  private final SpaceService spaces;
  private final SpaceSummaries summaries;
  private final SpaceRoles roles;

  SpacesPage(SpaceService spaces, SpaceSummaries summaries, SpaceRoles roles) {
    this.spaces = spaces;
    this.summaries = summaries;
    this.roles = roles;
  }

  /** One row: the space and its counts. */
  record Row(Space space, SpaceSummary summary, long drifted, long unhealthy) {}

  @Access(Access.Who.ANY_CALLER)
  @GetMapping("/ui")
  String spaces(Model model, Principal principal) {
    Optional<Set<String>> visible = roles.visibleSpaces(principal);
    List<Row> rows = spaces.list(PageRequest.of(PageRequest.MAX_LIMIT, null), null).items().stream()
        .filter(space -> visible.isEmpty() || visible.get().contains(space.slug()))
        .map(space -> row(space, summaries.of(space)))
        .toList();
    model.addAttribute("rows", rows);
    return "ui/spaces";
  }

  private static Row row(Space space, SpaceSummary summary) {
    long unhealthy = UNHEALTHY.stream().mapToLong(status -> summary.health().getOrDefault(status, 0L)).sum();
    return new Row(space, summary, summary.drift().getOrDefault("Drifted", 0L), unhealthy);
  }
}
