package io.tandem.web;

import io.tandem.apply.domain.BulkActions;
import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.paging.PageRequest;
import io.tandem.security.domain.SpaceRoles;
import io.tandem.unit.domain.UnitFilter;
import io.tandem.unit.domain.UnitQueries;
import io.tandem.unit.domain.UnitView;
import java.security.Principal;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import org.springframework.web.util.UriComponentsBuilder;

/** A space's units as a table, filtered by a where expression; apply or refresh the selected ones at once. */
@Controller
class UnitsPage {

  private static final Pattern AT_CHARACTER = Pattern.compile("at character (\\d+)");

  private final UnitQueries units;
  private final BulkActions bulk;
  private final SpaceRoles roles;

  UnitsPage(UnitQueries units, BulkActions bulk, SpaceRoles roles) {
    this.units = units;
    this.bulk = bulk;
    this.roles = roles;
  }

  /** A where expression the language refused: the message, and where in the text (from 0; -1 when not said). */
  record WhereError(String message, int position, String before, String after) {}

  @Access(value = Access.Who.SPACE_ROLE, role = Role.viewer)
  @GetMapping("/ui/spaces/{space}")
  String units(@PathVariable("space") String space, @RequestParam(name = "where", required = false) String where,
      Model model, Principal principal) {
    List<UnitView> rows = List.of();
    try {
      rows = units.list(space, PageRequest.of(PageRequest.MAX_LIMIT, null), false,
          new UnitFilter(where == null || where.isBlank() ? null : where, null, null)).items();
    } catch (TandemException e) {
      if (e.code() != ProblemCode.INVALID_WHERE) {
        throw e;
      }
      model.addAttribute("whereError", whereError(where, e.getMessage()));
    }
    model.addAttribute("space", space);
    model.addAttribute("where", where == null ? "" : where);
    model.addAttribute("rows", rows);
    model.addAttribute("mayApply", Roles.may(roles, principal, space, Role.applier));
    return "ui/units";
  }

  static WhereError whereError(String where, String message) {
    Matcher at = AT_CHARACTER.matcher(message);
    int position = at.find() ? Math.min(Integer.parseInt(at.group(1)) - 1, where.length()) : -1;
    return position < 0 ? new WhereError(message, -1, where, "")
        : new WhereError(message, position, where.substring(0, position), where.substring(position));
  }

  @Access(value = Access.Who.SPACE_ROLE, role = Role.applier, expensive = true)
  @PostMapping("/ui/spaces/{space}/bulk")
  String bulk(@PathVariable("space") String space, @RequestParam("action") String action,
      @RequestParam(name = "unit", required = false) List<String> selected,
      @RequestParam(name = "where", required = false) String where, RedirectAttributes redirect) {
    if (!action.equals("apply") && !action.equals("refresh")) {
      throw TandemException.invalidArgument("The action is apply or refresh, not '" + action + "'.");
    }
    if (selected == null || selected.isEmpty()) {
      redirect.addFlashAttribute("notice", "Select at least one unit.");
    } else {
      List<BulkActions.Result> results = bulk.run(space, action, selected, new UnitFilter(null, null, null), false, null,
          new BulkActions.Confirmation(null, null));
      long failed = results.stream().filter(result -> result.error() != null).count();
      redirect.addFlashAttribute("notice", "Queued " + action + " for " + (results.size() - failed) + " unit(s)"
          + (failed > 0 ? "; " + failed + " could not be queued." : "."));
    }
    return "redirect:" + UriComponentsBuilder.fromPath("/ui/spaces/{space}")
        .queryParamIfPresent("where", java.util.Optional.ofNullable(where).filter(text -> !text.isBlank()))
        .buildAndExpand(space).encode().toUriString();
  }
}
