package io.tandem.apply.domain;

import io.tandem.action.domain.ActionHandler;
import io.tandem.action.domain.ActionResult;
import io.tandem.action.domain.UnitAction;
import io.tandem.action.domain.UnitAction.Outcome;
import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.Hooks;
import io.tandem.common.yaml.ObjectKey;
import io.tandem.targets.domain.ApplyReport;
import io.tandem.targets.domain.ClusterSession;
import io.tandem.targets.domain.Target;
import io.tandem.targets.domain.TargetService;
import io.tandem.targets.domain.TargetUse;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitCommands;
import io.tandem.unit.domain.UnitQueries;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * The destroy action: deletes the unit's objects from its target (or the target the action names: the old one of a
 * unit that moves), except those another unit has applied since.
 */
@Component
class DestroyHandler implements ActionHandler {

  private final UnitQueries units;
  private final UnitCommands commands;
  private final TargetService targets;
  private final ObjectOwnership ownership;
  private final List<ApplyObserver> observers;

  DestroyHandler(UnitQueries units, UnitCommands commands,
      TargetService targets, ObjectOwnership ownership,
      List<ApplyObserver> observers) {
    this.units = units;
    this.commands = commands;
    this.targets = targets;
    this.ownership = ownership;
    this.observers = observers;
  }

  @Override
  public UnitAction.Kind kind() {
    return UnitAction.Kind.Destroy;
  }

  @Override
  public Outcome run(UnitAction action) {
    Unit unit = units.get(action.space(), action.unit());
    String slug = action.target() != null ? action.target() : unit.metadata().target();
    if (slug == null) {
      return Outcome.failed(ActionResult.DestroyFailed, "The unit has no target.");
    }
    int live = unit.liveRevisionNum() > 0 ? unit.liveRevisionNum() : unit.lastAppliedRevisionNum();
    if (live == 0) {
      return Outcome.completed(ActionResult.DestroyCompleted, "Nothing of the unit was applied; nothing to delete.");
    }
    ClusterSession session;
    try {
      session = targets.connect(slug, unit.space(), TargetUse.APPLY);
    } catch (TandemException e) {
      return Outcome.failed(ActionResult.DestroyFailed, e.getMessage());
    }
    Target target = session.target();
    Map<ObjectKey, ObjectOwner> others;
    ApplyReport report;
    try (session) {
      String data = Hooks.withoutHooks(units.dataAt(unit, live));
      others = ownership.ownedByOthers(target, unit.id(), ownership.keys(target, data));
      report = session.destroy(data, others.keySet());
    }
    if (report.notConnected()) {
      return Outcome.unreachable(ActionResult.DestroyFailed, "Nothing was deleted from target '" + slug
          + "': the cluster could not be reached (" + report.error() + ").");
    }
    if (!report.succeeded()) {
      return Outcome.failed(ActionResult.DestroyFailed, "Destroy on target '" + slug + "' failed at " + report.failedOn() + ": "
          + report.error() + ". Deleted before that: " + report.deleted() + ".");
    }
    ownership.releaseAll(target, unit.id());
    commands.recordDestroyed(unit.id());
    observers.forEach(observer -> observer.destroyed(unit));
    return Outcome.completed(ActionResult.DestroyCompleted, "Deleted " + report.deleted().size() + " object(s) from target '" + slug + "'"
        + ApplyHandler.spared(report, others) + ".");
  }
}
