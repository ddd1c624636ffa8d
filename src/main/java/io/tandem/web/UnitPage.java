package io.tandem.web;

import io.tandem.action.domain.ActionResult;
import io.tandem.action.domain.UnitAction;
import io.tandem.apply.domain.ActionService;
import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import io.tandem.common.paging.PageRequest;
import io.tandem.imports.domain.GitOrigins;
import io.tandem.live.domain.LiveStore;
import io.tandem.security.domain.SecretAccess;
import io.tandem.security.domain.SpaceRoles;
import io.tandem.unit.domain.Mutation;
import io.tandem.unit.domain.Revision;
import io.tandem.unit.domain.RevisionSource;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitDiff;
import io.tandem.unit.domain.UnitQueries;
import io.tandem.unit.domain.UnitView;
import io.tandem.unit.domain.UnitViewQueries;
import java.security.Principal;
import java.util.List;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * A unit: its YAML at head, its revisions as a timeline (captured break-glass changes with the field managers that
 * made them), a side-by-side diff, its live objects, actions, gates and approvals. The parts that change are
 * fragments a page fetches again when the event stream says the unit changed.
 */
@Controller
class UnitPage {

  private static final int TIMELINE = 50;
  /** The actions read, and how many of them the page shows once quiet refreshes are left out. */
  private static final int ACTIONS_READ = 50;
  private static final int ACTIONS_SHOWN = 10;
  private static final String REFRESH_BY = "refresh: ";

  private final UnitQueries units;
  private final UnitViewQueries views;
  private final ActionService actions;
  private final LiveStore live;
  private final SecretAccess secrets;
  private final SpaceRoles roles;
  private final GitOrigins origins;

  UnitPage(UnitQueries units, UnitViewQueries views, ActionService actions, LiveStore live, SecretAccess secrets,
      SpaceRoles roles, GitOrigins origins) {
    this.origins = origins;
    this.units = units;
    this.views = views;
    this.actions = actions;
    this.live = live;
    this.secrets = secrets;
    this.roles = roles;
  }

  /** A revision in the timeline; {@code managers}: the field managers whose change a Refresh revision captured. */
  record Entry(Revision revision, List<String> managers, boolean head, boolean live) {

    public boolean captured() {
      return revision.source() == RevisionSource.Refresh;
    }

    /** A change that can go back to the unit's origin: one made here or on the cluster, not one that came from it. */
    public boolean backportable() {
      return revision.num() > 1 && revision.source() != RevisionSource.Git && revision.source() != RevisionSource.Import;
    }
  }

  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping("/ui/spaces/{space}/units/{unit}")
  String unit(@PathVariable("space") String space, @PathVariable("unit") String unit, Model model, Principal principal) {
    state(space, unit, model, principal);
    return "ui/unit";
  }

  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping("/ui/spaces/{space}/units/{unit}/state")
  String stateFragment(@PathVariable("space") String space, @PathVariable("unit") String unit, Model model,
      Principal principal) {
    state(space, unit, model, principal);
    return "ui/unit :: state";
  }

  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping("/ui/spaces/{space}/units/{unit}/diff")
  String diff(@PathVariable("space") String space, @PathVariable("unit") String unit,
      @RequestParam(name = "from", defaultValue = "-1") String from, @RequestParam(name = "to", defaultValue = "head") String to,
      Model model, Principal principal) {
    UnitDiff diff = units.diff(space, unit, from, to, secrets.view(principal, space));
    model.addAttribute("diff", diff);
    model.addAttribute("rows", SideBySide.of(diff.unified()));
    model.addAttribute("fromTitle", title(diff.from()));
    model.addAttribute("toTitle", title(diff.to()));
    model.addAttribute("managers", to.equals("liveState") ? List.of() : managers(units.get(space, unit), diff.to()));
    return "ui/diff :: diff";
  }

  /** A refresh the server queued by itself that found the unit as it was: the bulk of a quiet unit's actions. */
  private static boolean quiet(UnitAction action) {
    return action.background() && action.result() == ActionResult.RefreshAndNoDrift;
  }

  /** A side of a diff as people say it: the live state, the empty configuration, a revision. */
  private static String title(String side) {
    return side.equals("liveState") ? "live on the cluster" : side.equals("0") ? "empty" : "revision " + side;
  }

  private void state(String space, String slug, Model model, Principal principal) {
    UnitView view = views.view(space, slug);
    Unit unit = view.unit();
    model.addAttribute("space", space);
    model.addAttribute("view", view);
    model.addAttribute("yaml", YamlHighlight.html(secrets.view(principal, space).apply(units.data(space, slug,
        io.tandem.unit.domain.RevisionRef.parse("revision", "head")))));
    model.addAttribute("timeline", units.revisions(space, slug, PageRequest.of(TIMELINE, null)).items().stream()
        .map(revision -> new Entry(revision, revision.source() == RevisionSource.Refresh
            ? managers(unit, Integer.toString(revision.num())) : List.of(), revision.num() == unit.headRevisionNum(),
            revision.num() == unit.liveRevisionNum()))
        .toList());
    model.addAttribute("live", live.find(unit.id()).orElse(null));
    model.addAttribute("origin", origins.findAny(space, slug).orElse(null));
    model.addAttribute("actions", actions.forUnit(space, slug, PageRequest.of(ACTIONS_READ, null)).items().stream()
        .filter(action -> !quiet(action)).limit(ACTIONS_SHOWN).toList());
    model.addAttribute("mayEdit", Roles.may(roles, principal, space, Role.editor));
    model.addAttribute("mayApply", Roles.may(roles, principal, space, Role.applier));
  }

  /** Who made a captured revision's changes: the field managers its mutations name. */
  private List<String> managers(Unit unit, String revision) {
    if (!revision.chars().allMatch(Character::isDigit) || revision.equals("0")) {
      return List.of();
    }
    List<Mutation> mutations = units.revision(unit, Integer.parseInt(revision)).mutations();
    return mutations == null ? List.of() : mutations.stream()
        .map(Mutation::by)
        .filter(by -> by != null && by.startsWith(REFRESH_BY))
        .map(by -> by.substring(REFRESH_BY.length()))
        .distinct()
        .toList();
  }
}
