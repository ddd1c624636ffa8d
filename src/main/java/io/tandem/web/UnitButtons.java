package io.tandem.web;

import io.tandem.action.domain.UnitAction;
import io.tandem.apply.domain.ActionService;
import io.tandem.apply.domain.ApplyPreviews;
import io.tandem.apply.domain.Undo;
import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.web.AuditNote;
import io.tandem.common.web.Authors;
import io.tandem.unit.domain.GatesAndApprovals;
import io.tandem.unit.domain.RevisionRef;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitCommands;
import io.tandem.unit.domain.UnitQueries;
import java.security.Principal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import org.springframework.web.util.UriComponentsBuilder;

/** What the unit page's buttons do, each needing the role its API operation needs; then back to the unit. */
@Controller
class UnitButtons {

  private static final String UNIT = "/ui/spaces/{space}/units/{unit}";
  /** What each button is in the audit log. */
  private static final java.util.Map<String, String> AUDITED =
      java.util.Map.of("apply", "ApplyRevision", "undo", "UndoRevision", "approve", "ApproveRevision");

  private final UnitCommands commands;
  private final ActionService actions;
  private final ApplyPreviews previews;
  private final GatesAndApprovals gates;
  private final Undo undo;
  private final UnitQueries units;

  UnitButtons(UnitCommands commands, ActionService actions, ApplyPreviews previews, GatesAndApprovals gates, Undo undo,
      UnitQueries units) {
    this.undo = undo;
    this.units = units;
    this.commands = commands;
    this.actions = actions;
    this.previews = previews;
    this.gates = gates;
  }

  @Access(value = Access.Who.SPACE_ROLE, role = Role.applier, expensive = true)
  @PostMapping(UNIT + "/preview")
  String preview(@PathVariable("space") String space, @PathVariable("unit") String unit, Model model) {
    model.addAttribute("space", space);
    model.addAttribute("slug", unit);
    model.addAttribute("preview", previews.preview(space, unit, head(), false));
    return "ui/preview :: preview";
  }

  @Access(value = Access.Who.SPACE_ROLE, role = Role.applier)
  @PostMapping(UNIT + "/apply")
  String apply(@PathVariable("space") String space, @PathVariable("unit") String unit,
      @RequestParam("version") long version, RedirectAttributes redirect) {
    return back(space, unit, redirect, said(actions.apply(space, unit, drawn(space, unit, version, "apply"), null)));
  }

  @Access(value = Access.Who.SPACE_ROLE, role = Role.applier, expensive = true)
  @PostMapping(UNIT + "/refresh")
  String refresh(@PathVariable("space") String space, @PathVariable("unit") String unit, RedirectAttributes redirect) {
    return back(space, unit, redirect, said(actions.refresh(space, unit, false, null)));
  }

  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor)
  @PostMapping(UNIT + "/restore")
  String restore(@PathVariable("space") String space, @PathVariable("unit") String unit,
      @RequestParam("revision") String revision, RedirectAttributes redirect, Principal principal) {
    Unit restored = commands.restore(space, unit, RevisionRef.parse("revision", revision), null, null, Authors.of(principal))
        .unit();
    return back(space, unit, redirect, "Restored revision " + revision + " as revision " + restored.headRevisionNum() + ".");
  }

  /** Undo: restore the revision before head and apply it, or, when the apply is refused, neither. */
  @Access(value = Access.Who.SPACE_ROLE, role = Role.applier)
  @PostMapping(UNIT + "/undo")
  String undo(@PathVariable("space") String space, @PathVariable("unit") String unit,
      @RequestParam("version") long version, RedirectAttributes redirect, Principal principal) {
    drawn(space, unit, version, "undo");
    Undo.Undone undone = undo.undo(space, unit, version, Authors.of(principal));
    return back(space, unit, redirect,
        "Undone: revision " + undone.revisionNum() + " restores the one before; " + said(undone.apply()));
  }

  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor)
  @PostMapping(UNIT + "/approve")
  String approve(@PathVariable("space") String space, @PathVariable("unit") String unit,
      @RequestParam("version") long version, RedirectAttributes redirect, Principal principal) {
    var approval = gates.approve(space, unit, drawn(space, unit, version, "approve"), Authors.of(principal));
    return back(space, unit, redirect, "Approved revision " + approval.revisionNum() + ".");
  }

  private static RevisionRef head() {
    return RevisionRef.parse("revision", "head");
  }

  /**
   * The head revision the page showed, by the unit's version it was drawn at: a button of a page drawn before the unit
   * changed (a capture, another person's edit) is refused rather than acting on a revision nobody saw.
   *
   * @throws TandemException {@code precondition-failed} when the unit has changed since
   */
  private RevisionRef drawn(String space, String unit, long version, String what) {
    Unit current = units.get(space, unit);
    if (current.version() != version) {
      throw new TandemException(ProblemCode.PRECONDITION_FAILED, "Not done: unit '" + unit + "' has changed since this"
          + " page was drawn (its head is now revision " + current.headRevisionNum() + "). Look at it again, then " + what
          + ".", java.util.Map.of("currentVersion", current.version()));
    }
    AuditNote.set(AUDITED.get(what), "revision " + current.headRevisionNum());
    return RevisionRef.parse("revision", Integer.toString(current.headRevisionNum()));
  }

  private static String said(UnitAction action) {
    return action.action() + " queued (" + action.status() + ").";
  }

  private static String back(String space, String unit, RedirectAttributes redirect, String notice) {
    redirect.addFlashAttribute("notice", notice);
    return "redirect:" + UriComponentsBuilder.fromPath(UNIT).buildAndExpand(space, unit).encode().toUriString();
  }
}
