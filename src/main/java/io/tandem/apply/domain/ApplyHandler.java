package io.tandem.apply.domain;

import io.tandem.action.domain.ActionHandler;
import io.tandem.action.domain.ActionQueue;
import io.tandem.action.domain.ActionResult;
import io.tandem.action.domain.RefreshQueue;
import io.tandem.action.domain.UnitAction;
import io.tandem.action.domain.UnitAction.Outcome;
import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.Hooks;
import io.tandem.common.yaml.ObjectKey;
import io.tandem.health.domain.ApplyWait;
import io.tandem.space.domain.IgnoreRules;
import io.tandem.space.domain.SpaceService;
import io.tandem.targets.domain.ApplyReport;
import io.tandem.targets.domain.ClusterSession;
import io.tandem.targets.domain.Target;
import io.tandem.targets.domain.TargetGrants;
import io.tandem.targets.domain.TargetService;
import io.tandem.targets.domain.TargetUse;
import io.tandem.unit.domain.ReconcileStore;
import io.tandem.unit.domain.Suspensions;
import io.tandem.unit.domain.SyncWindowGate;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitCommands;
import io.tandem.unit.domain.UnitQueries;
import io.tandem.unit.domain.UnitSuspension;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The apply action: claims the revision's objects for the unit (refused, with nothing changed, when another unit
 * applied one and the action does not say takeOver), applies them and prunes what the revision drops. An apply that
 * waits for health is then left to {@link HealthWaits}, still Running. An apply queued after its providers' applies
 * ({@code dependsOn}) runs only once they have all completed (healthy, when they wait for it), and applies nothing when
 * one of them did not. An apply the server queued itself (a revert of drift) is canceled when the unit or its space
 * has been suspended since.
 */
@Component
class ApplyHandler implements ActionHandler {

  private static final Logger log = LoggerFactory.getLogger(ApplyHandler.class);

  private final UnitQueries units;
  private final UnitCommands commands;
  private final TargetService targets;
  private final ObjectOwnership ownership;
  private final ActionQueue queue;
  private final RefreshQueue refreshes;
  private final Suspensions suspensions;
  private final List<ApplyObserver> observers;
  private final ReconcileStore reconcile;
  private final TargetGrants grants;
  private final SpaceService spaces;
  private final PhasedApply phased;

  ApplyHandler(UnitQueries units, UnitCommands commands,
      TargetService targets, ObjectOwnership ownership,
      ActionQueue queue, RefreshQueue refreshes, Suspensions suspensions, List<ApplyObserver> observers, ReconcileStore reconcile,
      TargetGrants grants, SpaceService spaces, PhasedApply phased) {
    this.spaces = spaces;
    this.phased = phased;
    this.reconcile = reconcile;
    this.grants = grants;
    this.units = units;
    this.commands = commands;
    this.targets = targets;
    this.ownership = ownership;
    this.queue = queue;
    this.refreshes = refreshes;
    this.suspensions = suspensions;
    this.observers = observers;
  }

  @Override
  public UnitAction.Kind kind() {
    return UnitAction.Kind.Apply;
  }

  @Override
  public Outcome run(UnitAction action) {
    Outcome outcome = runApply(action);
    String note = action.message();
    // a person's override of the sync windows stays on the action, before what it did
    return note != null && note.startsWith(SyncWindowGate.OVERRIDDEN) ? new Outcome(outcome.status(), outcome.result(),
        note + " " + outcome.message(), outcome.capturedRevisionNum(), outcome.unreachable()) : outcome;
  }

  private Outcome runApply(UnitAction action) {
    List<String> providers = queue.incompleteDependencies(action.id());
    if (!providers.isEmpty()) {
      String self = action.space() + "/" + action.unit() + " (";
      return Outcome.failed(ActionResult.ApplyFailed, providers.stream().allMatch(provider -> provider.startsWith(self))
          ? "Not applied: the destroy on the old target, which a move of the unit's objects runs first, did not complete"
              + " (" + String.join(", ", providers) + "); its objects are still there."
          : "Not applied: the apply of " + String.join(", ", providers) + ", which this unit links to, did not complete.");
    }
    Unit unit = units.get(action.space(), action.unit());
    Optional<UnitSuspension> suspended = action.background() ? suspensions.of(unit) : Optional.empty();
    if (suspended.isPresent()) {
      // queued by the server (a revert) before the suspension
      return new Outcome(UnitAction.Status.Canceled, ActionResult.ApplyCanceled, "Not applied: " + suspended.get().describe() + ".", null);
    }
    String slug = unit.metadata().target();
    if (slug == null) {
      return Outcome.failed(ActionResult.ApplyFailed, "The unit has no target.");
    }
    ClusterSession session;
    try {
      session = targets.connect(slug, unit.space(), TargetUse.APPLY);
    } catch (TandemException e) {
      return Outcome.failed(ActionResult.ApplyFailed, e.getMessage());
    }
    Outcome outcome;
    try (session) {
      Optional<Outcome> gated = action.background() ? pruneGated(unit, action.revisionNum(), session.target())
          : Optional.empty();
      outcome = gated.isPresent() ? gated.get() : apply(unit, action, session);
    }
    if (outcome.status() == UnitAction.Status.Completed && action.waitForHealth() != null) {
      return Outcome.waiting(ApplyWait.waitingMessage(outcome.message(), action.waitForHealth()));
    }
    return outcome;
  }

  private Outcome apply(Unit unit, UnitAction action, ClusterSession session) {
    Target target = session.target();
    int revision = action.revisionNum();
    String full = units.dataAt(unit, revision);
    boolean install = unit.liveRevisionNum() == 0;
    ApplyPlan plan;
    try {
      plan = ApplyPlan.of(full, install);
    } catch (TandemException e) {
      return Outcome.failed(ActionResult.ApplyFailed, e.getMessage() + " Nothing was applied.");
    }
    String data = plan.deployables();
    List<ObjectKey> keys = ownership.keys(target, data);
    Map<ObjectKey, ObjectOwner> takenFrom;
    try {
      grants.requireApply(unit.space(), target.slug(), ownership.keys(target, full));
      takenFrom = ownership.claim(target, unit.id(), keys, action.takeOver());
    } catch (TandemException e) {
      return Outcome.failed(ActionResult.ApplyFailed, e.getMessage() + " Nothing was applied.");
    }
    commands.recordApply(unit.id(), revision, null);
    observers.forEach(observer -> observer.applying(unit, target, data));
    String previous = Hooks.withoutHooks(units.dataAt(unit, unit.liveRevisionNum()));
    List<ObjectKey> previousKeys = ownership.keys(target, previous);
    Map<ObjectKey, ObjectOwner> others = ownership.ownedByOthers(target, unit.id(), previousKeys);
    ApplyReport report;
    List<String> steps = List.of();
    try {
      if (plan.single()) {
        report = session.apply(keepIgnored(unit, data, session), previous, others.keySet());
      } else {
        PhasedApply.Result result = phased.run(session, unit.space(), ApplyPlan.of(keepIgnored(unit, full, session), install),
            PhasedApply.dropped(previous, previousKeys, keys), others.keySet(), action.waitForHealth());
        report = result.report();
        steps = result.steps();
      }
    } catch (RuntimeException e) {
      return Outcome.failed(ActionResult.ApplyFailed, "Revision " + revision + " on target '" + target.slug() + "' failed: its"
          + " objects could not be read " + (plan.single() ? "to keep the fields its ignore rules cover" : "while it waited for them")
          + ". " + (plan.single() ? "Nothing was applied." : "Applied before that: what its steps say."));
    }
    return applied(unit, revision, session, data, keys, takenFrom, others, report, steps);
  }

  private Outcome applied(Unit unit, int revision, ClusterSession session, String data, List<ObjectKey> keys,
      Map<ObjectKey, ObjectOwner> takenFrom, Map<ObjectKey, ObjectOwner> others, ApplyReport report, List<String> steps) {
    Target target = session.target();
    String stepped = steps.isEmpty() ? "" : " Steps: " + String.join("; ", steps) + ".";
    if (report.notConnected()) {
      return Outcome.unreachable(ActionResult.ApplyFailed, "Revision " + revision + " on target '" + target.slug()
          + "' was not applied: the cluster could not be reached (" + report.error() + ").");
    }
    if (!report.succeeded()) {
      return Outcome.failed(ActionResult.ApplyFailed, "Revision " + revision + " on target '" + target.slug() + "' failed at "
          + report.failedOn() + ": " + report.error() + ". Applied before that: " + report.applied() + "." + stepped);
    }
    ownership.retainOnly(target, unit.id(), keys);
    String readBack = readBack(unit, session, data, report);
    commands.recordApply(unit.id(), revision, revision);
    // the units the objects were taken from see at once that they no longer have them
    takenFrom.values().stream().map(ObjectOwner::unitId).distinct().forEach(refreshes::enqueueBackgroundRefresh);
    return Outcome.completed(ActionResult.ApplyCompleted, "Applied revision " + revision + " to target '" + target.slug() + "': "
        + report.applied().size() + " object(s) applied" + (report.deleted().isEmpty() ? "" : ", pruned " + report.deleted())
        + spared(report, others)
        + (takenFrom.isEmpty() ? "" : "; took over from other units: " + ObjectOwnership.describe(takenFrom))
        + (report.takenOver().isEmpty() ? "" : "; took over from other field managers: " + String.join(", ", report.takenOver()))
        + readBack + "." + stepped);
  }

  /**
   * Tells the observers (the live state's baseline) what was applied: the objects as the API server answered the
   * apply, or, from a worker that does not send those, as read right after. A cluster that stopped answering right
   * after the apply leaves them to the next refresh, and the apply stands: what it says of that, or nothing.
   */
  private String readBack(Unit unit, ClusterSession session, String data, ApplyReport report) {
    try {
      List<Map<String, Object>> objects = report.stored() != null ? report.stored() : session.read(data);
      observers.forEach(observer -> observer.applied(unit, session.target(), data, objects));
      return "";
    } catch (TandemException e) {
      log.warn("Applied {}/{}, but its objects could not be read back: {}", unit.space(), unit.slug(), e.getMessage());
      return "; its objects could not be read back (" + e.getMessage() + "), the next refresh reads them";
    }
  }

  /**
   * An apply the server queued itself (continuous apply, a revert) deletes nothing while the space's destroy gate is
   * on: removing objects then needs someone to ask for it.
   */
  private Optional<Outcome> pruneGated(Unit unit, int revision, Target target) {
    if (!spaces.get(unit.space()).destroyGate()) {
      return Optional.empty();
    }
    List<ObjectKey> wanted = ownership.keys(target, units.dataAt(unit, revision));
    List<String> pruned = ownership.owned(target.slug(), unit.id()).stream().filter(key -> !wanted.contains(key))
        .map(ObjectKey::toString).toList();
    return pruned.isEmpty() ? Optional.empty() : Optional.of(Outcome.failed(ActionResult.ApplyFailed, "Not applied: revision "
        + revision + " would delete " + String.join(", ", pruned) + " from target '" + target.slug() + "', and space '"
        + unit.space() + "' has its destroy gate on, so the server deletes nothing on its own. Apply it by hand"
        + " (POST …/apply), or turn the destroy gate off."));
  }

  /** The data to send: with ignore rules, the live values of the fields they cover (read from the cluster first). */
  private String keepIgnored(Unit unit, String data, ClusterSession session) {
    IgnoreRules rules = reconcile.effectiveIgnoreRules(unit.id());
    return rules.rules().isEmpty() ? data : IgnoredFields.keepLive(data, session.read(data), rules);
  }

  /** {@code ; left X (unit 'a/b'), …}: objects a prune or destroy did not delete, as other units applied them. */
  static String spared(ApplyReport report, Map<ObjectKey, ObjectOwner> others) {
    Map<ObjectKey, ObjectOwner> spared = others.entrySet().stream().filter(entry -> report.spared().contains(entry.getKey()))
        .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, java.util.LinkedHashMap::new));
    return spared.isEmpty() ? "" : "; left " + ObjectOwnership.describe(spared) + " in place, applied by another unit";
  }
}
