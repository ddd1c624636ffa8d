package io.tandem.live.domain;

import io.tandem.action.domain.ActionHandler;
import io.tandem.action.domain.ActionResult;
import io.tandem.action.domain.UnitAction;
import io.tandem.action.domain.UnitAction.Outcome;
import io.tandem.apply.domain.ApplyObserver;
import io.tandem.apply.domain.ObjectOwner;
import io.tandem.apply.domain.ObjectOwnership;
import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.Hooks;
import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.LiveCleaner;
import io.tandem.common.yaml.ObjectKey;
import io.tandem.common.yaml.ParsedContent;
import io.tandem.common.yaml.Trees;
import io.tandem.health.domain.HealthTracker;
import io.tandem.live.LiveProperties;
import io.tandem.space.domain.IgnoreRules;
import io.tandem.targets.domain.ClusterClient;
import io.tandem.targets.domain.ClusterSession;
import io.tandem.targets.domain.Target;
import io.tandem.targets.domain.TargetService;
import io.tandem.targets.domain.TargetUse;
import io.tandem.unit.domain.ContinuousApply;
import io.tandem.unit.domain.Drift;
import io.tandem.unit.domain.ReconcileStore;
import io.tandem.unit.domain.Suspensions;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitCommands;
import io.tandem.unit.domain.UnitQueries;
import io.tandem.unit.domain.UnitSuspension;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

/**
 * Live → configuration. A refresh reads the unit's objects from its target, compares them (cleaned) with the
 * baseline, and, unless it is a dry run, patches only that delta onto the head as a new revision (source Refresh),
 * whose mutations name the field managers that made each change. Objects deleted out of band are reported as
 * missing, never removed from the configuration; objects another unit took over are missing too, but not drift; an
 * unreachable target makes the drift Unknown. While the unit or its space is suspended, a background refresh reports
 * the drift and does nothing else (no capture, no revert), and says so. What to do about what was seen is
 * {@link DriftPolicy}'s decision; this class reads what it needs, asks it, and carries the verdict out.
 */
@Component
@Order(2)
public class LiveSync implements ActionHandler, ApplyObserver {

  private final UnitQueries units;
  private final UnitCommands commands;
  private final TargetService targets;
  private final ClusterClient cluster;
  private final ObjectOwnership ownership;
  private final LiveStore live;
  private final HealthTracker health;
  private final Suspensions suspensions;
  private final ContinuousApply continuous;
  private final ReconcileStore reconcile;
  private final Clock clock;
  private final DriftPolicy policy;

  LiveSync(UnitQueries units, UnitCommands commands, TargetService targets, ClusterClient cluster,
      ObjectOwnership ownership, LiveStore live, HealthTracker health, Suspensions suspensions,
      ContinuousApply continuous, ReconcileStore reconcile, Clock clock, LiveProperties settings) {
    this.units = units;
    this.commands = commands;
    this.targets = targets;
    this.cluster = cluster;
    this.ownership = ownership;
    this.live = live;
    this.health = health;
    this.suspensions = suspensions;
    this.continuous = continuous;
    this.reconcile = reconcile;
    this.clock = clock;
    this.policy = new DriftPolicy(Set.copyOf(settings.ignoredManagers()), settings.breakGlassHold());
  }

  @Override
  public UnitAction.Kind kind() {
    return UnitAction.Kind.Refresh;
  }

  /** After a successful apply: the live state now is what configuration and cluster agree on. */
  @Override
  public void applied(Unit unit, Target target, String data, List<Map<String, Object>> objects) {
    List<Map<String, Object>> cleaned = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    List<KubernetesResource> identities = ParsedContent.parse(data);
    for (int i = 0; i < objects.size(); i++) {
      // a copy: the objects as read, with their status and resource version, are health's
      cleaned.add(objects.get(i) == null ? null : LiveCleaner.clean(Trees.deepCopy(objects.get(i))));
      if (objects.get(i) == null) {
        missing.add(identities.get(i).id());
      }
    }
    live.record(unit.id(), cleaned, resources(objects), missing, true, clock.instant());
    live.recordDrift(unit.id(), Drift.None);
    health.observedAll(target.slug(), unit.id(), ownership.keys(target, data), objects);
  }

  @Override
  public void destroyed(Unit unit) {
    live.forget(unit.id());
    live.recordDrift(unit.id(), Drift.None);
    health.recompute(unit.id());
  }

  @Override
  public Outcome run(UnitAction action) {
    Unit unit = units.get(action.space(), action.unit());
    String slug = unit.metadata().target();
    if (slug == null || unit.liveRevisionNum() == 0) {
      return Outcome.failed(ActionResult.RefreshFailed, "The unit is not live on a target; apply it first.");
    }
    ClusterSession connection;
    try {
      connection = targets.connect(slug, unit.space(), TargetUse.READ_LIVE);
    } catch (TandemException e) {
      return Outcome.failed(ActionResult.RefreshFailed, e.getMessage());
    }
    String liveData = Hooks.withoutHooks(units.dataAt(unit, unit.liveRevisionNum()));
    List<KubernetesResource> identities = ParsedContent.parse(liveData);
    LiveObservation seen;
    try (connection) {
      Target target = connection.target();
      List<ObjectKey> keys = ownership.keys(target, liveData);
      Map<ObjectKey, ObjectOwner> others = ownership.ownedByOthers(target, unit.id(), keys);
      List<Map<String, Object>> read;
      try {
        read = connection.read(liveData);
      } catch (RuntimeException e) {
        live.recordDrift(unit.id(), Drift.Unknown); // until a server that reaches the target reads it
        String message = "Target '" + slug + "' could not be read: " + cluster.describe(e);
        return new Outcome(UnitAction.Status.Failed, ActionResult.RefreshFailed, message, null, cluster.notConnected(e));
      }
      seen = LiveObservation.of(identities, keys, read, others);
      observeHealth(target, unit, keys, read, others);
    }
    return compare(action, unit, identities, seen);
  }

  /** Compares what was seen with the baseline, asks the drift policy what to do, and does it. */
  private Outcome compare(UnitAction action, Unit unit, List<KubernetesResource> identities, LiveObservation seen) {
    LiveStore.Snapshot snapshot = live.find(unit.id()).orElse(null);
    DriftPolicy.Delta delta = snapshot == null ? policy.delta(identities, null, seen, IgnoreRules.NONE)
        : policy.delta(identities, snapshot.baseline(), seen, reconcile.effectiveIgnoreRules(unit.id()));
    // the suspension stops only what a background refresh would do about drift
    Optional<UnitSuspension> suspension =
        action.background() && snapshot != null && delta.drifted() ? suspensions.of(unit) : Optional.empty();
    DriftVerdict verdict = policy.decide(delta, new DriftPolicy.Refresh(snapshot == null, seen.takenOverNote(),
        unit.metadata().driftMode(), action.background(), action.dryRun(), suspension,
        snapshot == null ? null : snapshot.hold(), unit.liveRevisionNum(), clock.instant()));
    return carryOut(unit, seen, verdict);
  }

  private Outcome carryOut(Unit unit, LiveObservation seen, DriftVerdict verdict) {
    Integer captured = verdict.capture().isEmpty() ? null : capture(unit, verdict.capture());
    live.record(unit.id(), seen.cleaned(), resources(seen.current()), seen.missing(), verdict.moveBaseline(), clock.instant());
    if (verdict.releaseHold()) {
      live.releaseHold(unit.id());
    }
    live.recordDrift(unit.id(), verdict.drift());
    LiveStore.BreakGlassHold hold = verdict.startHold();
    if (hold != null) {
      live.hold(unit.id(), hold.by(), hold.since(), hold.until());
    }
    if (verdict.revert()) {
      continuous.revert(unit);
    }
    ActionResult result = verdict.drifted() ? ActionResult.RefreshAndDrifted : ActionResult.RefreshAndNoDrift;
    return captured == null ? Outcome.completed(result, verdict.message())
        : Outcome.completed(result, verdict.message() + " Captured as revision " + captured + ".", captured);
  }

  /** Patches the delta onto the head as a Refresh revision; the live revision moves with it if head was live. */
  private Integer capture(Unit unit, List<LiveDelta.Change> changes) {
    AtomicReference<Boolean> headWasLive = new AtomicReference<>(false);
    Unit changed = commands.editData(unit.space(), unit.slug(), "refresh", current -> {
      headWasLive.set(current.headRevisionNum() == current.liveRevisionNum());
      return RefreshCapture.edit(current.data(), changes);
    });
    if (changed.headRevisionNum() == unit.headRevisionNum()) {
      return null;
    }
    if (headWasLive.get()) {
      commands.recordApply(unit.id(), changed.lastAppliedRevisionNum(), changed.headRevisionNum());
    }
    return changed.headRevisionNum();
  }

  /** The health of the unit's own objects as read (status is health, never drift). */
  private void observeHealth(Target target, Unit unit, List<ObjectKey> keys, List<Map<String, Object>> read,
      Map<ObjectKey, ObjectOwner> others) {
    List<ObjectKey> own = new ArrayList<>();
    List<Map<String, Object>> objects = new ArrayList<>();
    for (int i = 0; i < keys.size(); i++) {
      if (!others.containsKey(keys.get(i))) {
        own.add(keys.get(i));
        objects.add(read.get(i));
      }
    }
    health.observedAll(target.slug(), unit.id(), own, objects);
  }

  private static List<Map<String, Object>> resources(List<Map<String, Object>> objects) {
    List<Map<String, Object>> resources = new ArrayList<>();
    for (Map<String, Object> object : objects) {
      if (object != null && object.get("metadata") instanceof Map<?, ?> metadata) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("apiVersion", object.get("apiVersion"));
        entry.put("kind", object.get("kind"));
        entry.put("namespace", metadata.get("namespace"));
        entry.put("name", metadata.get("name"));
        entry.put("resourceVersion", metadata.get("resourceVersion"));
        resources.add(entry);
      }
    }
    return resources;
  }
}
