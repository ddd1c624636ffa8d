package io.tandem.web;

import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import io.tandem.common.web.Authors;
import io.tandem.common.yaml.UpgradeMerge;
import io.tandem.imports.domain.Backports;
import io.tandem.imports.domain.GitOrigins;
import io.tandem.security.domain.SpaceRoles;
import java.security.Principal;
import java.util.List;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * The unit page's parts for its Git origin: a sync now, and a revision carried back to the source, proposed (its diff)
 * before it is written as a branch. Each needs the role its API operation needs.
 */
@Controller
class OriginButtons {

  private static final String UNIT = "/ui/spaces/{space}/units/{unit}";

  private final GitOrigins origins;
  private final Backports backports;
  private final SpaceRoles roles;

  OriginButtons(GitOrigins origins, Backports backports, SpaceRoles roles) {
    this.origins = origins;
    this.backports = backports;
    this.roles = roles;
  }

  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor, expensive = true)
  @PostMapping(UNIT + "/origin-sync")
  String sync(@PathVariable("space") String space, @PathVariable("unit") String unit,
      @RequestParam(name = "strategy", defaultValue = "merge") String strategy, RedirectAttributes redirect) {
    GitOrigins.Synced synced = origins.sync(space, unit, UpgradeMerge.Strategy.parse(strategy));
    return back(space, unit, redirect, "Sync with the origin: " + synced.outcome()
        + (synced.error() == null ? "" : " (" + synced.error() + ")") + ".");
  }

  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer, expensive = true)
  @GetMapping(UNIT + "/backport")
  String proposal(@PathVariable("space") String space, @PathVariable("unit") String unit,
      @RequestParam("revision") int revision, Model model, Principal principal) {
    Backports.Proposal proposal = backports.propose(space, unit, revision);
    model.addAttribute("space", space);
    model.addAttribute("slug", unit);
    model.addAttribute("proposal", proposal);
    model.addAttribute("files", proposal.files().stream()
        .map(file -> new ProposedFile(file.path(), SideBySide.of(file.diff()))).toList());
    model.addAttribute("mayEdit", Roles.may(roles, principal, space, Role.editor));
    return "ui/backport :: backport";
  }

  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor, expensive = true)
  @PostMapping(UNIT + "/backport")
  String write(@PathVariable("space") String space, @PathVariable("unit") String unit,
      @RequestParam("revision") int revision, RedirectAttributes redirect, Principal principal) {
    Backports.Written written = backports.write(space, unit, revision, null, Authors.of(principal));
    return back(space, unit, redirect, "Revision " + revision + " went back to its source: branch " + written.branch()
        + " at commit " + written.commit().substring(0, 12) + ".");
  }

  /** A file of a proposal, as the side-by-side rows of its diff. */
  record ProposedFile(String path, List<SideBySide.Row> rows) {}

  private static String back(String space, String unit, RedirectAttributes redirect, String notice) {
    redirect.addFlashAttribute("notice", notice);
    return "redirect:" + UriComponentsBuilder.fromPath(UNIT).buildAndExpand(space, unit).encode().toUriString();
  }
}
