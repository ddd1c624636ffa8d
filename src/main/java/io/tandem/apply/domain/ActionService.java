package io.tandem.apply.domain;

import io.tandem.action.domain.ActionQueue;
import io.tandem.action.domain.UnitAction;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.paging.ListResponse;
import io.tandem.common.paging.PageRequest;
import io.tandem.common.yaml.ObjectKey;
import io.tandem.health.domain.ApplyWait;
import io.tandem.space.domain.SpaceService;
import io.tandem.targets.domain.Target;
import io.tandem.targets.domain.TargetGrants;
import io.tandem.targets.domain.TargetService;
import io.tandem.targets.domain.TargetUse;
import io.tandem.unit.domain.GatesAndApprovals;
import io.tandem.unit.domain.LiveGates;
import io.tandem.unit.domain.RevisionRef;
import io.tandem.unit.domain.SyncWindowGate;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitQueries;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Service;

/** Queues apply, refresh and destroy for units (apply only of revisions without gates), and lets callers wait. */
@Service
public class ActionService {

  static final int MAX_WAIT_SECONDS = 300;

  private final UnitQueries units;
  private final GatesAndApprovals gates;
  private final TargetService targets;
  private final ObjectOwnership ownership;
  private final ActionQueue queue;
  private final SpaceService spaces;
  private final LiveGates liveGates;
  private final TargetGrants grants;
  private final Takeovers takeovers;
  private final Clock clock;

  private final SyncWindowGate windows;

  public ActionService(UnitQueries units, GatesAndApprovals gates, TargetService targets, ObjectOwnership ownership,
      ActionQueue queue, SpaceService spaces, LiveGates liveGates, TargetGrants grants, Takeovers takeovers, Clock clock,
      SyncWindowGate windows) {
    this.windows = windows;
    this.grants = grants;
    this.takeovers = takeovers;
    this.units = units;
    this.gates = gates;
    this.targets = targets;
    this.ownership = ownership;
    this.queue = queue;
    this.spaces = spaces;
    this.liveGates = liveGates;
    this.clock = clock;
  }

  /**
   * Queues an apply of the unit's revision to its target; with {@code waitSeconds}, waits up to that long for it to
   * finish.
   *
   * @throws TandemException {@code conflict} when the unit has no target; {@code not-found} for a bad revision;
   *     {@code apply-gated}; {@code object-owned-by-another-unit}; {@code target-not-allowed} when the space's grant on
   *     the target does not cover the revision's objects
   */
  public UnitAction apply(String space, String slug, RevisionRef revision, Integer waitSeconds) {
    return apply(space, slug, revision, List.of(), false, null, waitSeconds, null);
  }

  /** With {@code takeOver}: the apply may take objects that other units applied. */
  public UnitAction apply(String space, String slug, RevisionRef revision, boolean takeOver, Integer waitSeconds) {
    return apply(space, slug, revision, List.of(), takeOver, null, waitSeconds, null);
  }

  /**
   * With a {@code healthWait} that waits: once applied, the action waits up to its timeout for the unit's objects to
   * be healthy ({@code ApplyCompleted}), else ends {@code ApplyWaitFailed}; {@code null}: as the space says.
   */
  public UnitAction apply(String space, String slug, RevisionRef revision, boolean takeOver, ApplyWait healthWait,
      Integer waitSeconds) {
    return apply(space, slug, revision, List.of(), takeOver, healthWait, waitSeconds, null);
  }

  /**
   * With {@code overriddenBy}: the apply goes ahead though a sync window keeps the unit from being applied now, and
   * its action records who overrode which window; {@code null}: it is refused then.
   */
  public UnitAction apply(String space, String slug, RevisionRef revision, boolean takeOver, ApplyWait healthWait,
      Integer waitSeconds, String overriddenBy) {
    return apply(space, slug, revision, List.of(), takeOver, healthWait, waitSeconds, overriddenBy);
  }

  /**
   * With {@code after}: the apply runs only once those actions (its providers' applies) have completed, and does not
   * run when one of them did not.
   */
  public UnitAction apply(String space, String slug, RevisionRef revision, List<UUID> after, ApplyWait healthWait,
      Integer waitSeconds) {
    return apply(space, slug, revision, after, false, healthWait, waitSeconds, null);
  }

  private UnitAction apply(String space, String slug, RevisionRef revision, List<UUID> after, boolean takeOver,
      ApplyWait healthWait, Integer waitSeconds, String overriddenBy) {
    requireValidWait(waitSeconds);
    Unit unit = withTarget(space, slug, "applied");
    int num = units.resolve(unit, revision);
    List<String> blockers = gates.applyBlockers(unit, num);
    if (!blockers.isEmpty()) {
      throw gated(unit, num, blockers);
    }
    String overridden = windows.requireOpen(unit, overriddenBy != null, overriddenBy);
    Target target = targets.get(unit.metadata().target());
    List<ObjectKey> keys = ownership.keys(target, units.dataAt(unit, num));
    grants.requireApply(space, target.slug(), keys);
    if (takeOver) {
      takeovers.require(target, unit, keys);
    } else {
      // the worker checks again when it runs the apply: another unit's apply may come first
      ownership.requireFree(target, unit.id(), keys);
    }
    ApplyWait wait = healthWait == null ? spaces.get(unit.space()).applyWait() : healthWait;
    return waitFor(queue.enqueueApply(unit.id(), num, takeOver, after, wait.timeout(), overridden, now()), waitSeconds);
  }

  /** Refreshes the unit from its target; without {@code dryRun} a drift is captured as a new revision. */
  public UnitAction refresh(String space, String slug, boolean dryRun, Integer waitSeconds) {
    requireValidWait(waitSeconds);
    Unit unit = withTarget(space, slug, "refreshed");
    grants.require(space, unit.metadata().target(), TargetUse.READ_LIVE);
    return waitFor(queue.enqueue(unit.id(), UnitAction.Kind.Refresh, null, dryRun, now()), waitSeconds);
  }

  /**
   * Queues a destroy of the unit's objects on its target; with {@code waitSeconds}, waits up to that long for it to
   * finish.
   *
   * @param confirm the unit's slug: needed while the unit has objects on its target and its space's destroy gate is on
   * @throws TandemException {@code confirmation-required} without it, naming the objects; nothing is queued then
   */
  public UnitAction destroy(String space, String slug, String confirm, Integer waitSeconds) {
    requireValidWait(waitSeconds);
    Unit unit = withTarget(space, slug, "destroyed");
    grants.require(space, unit.metadata().target(), TargetUse.APPLY);
    liveGates.confirmDestroy(unit, confirm);
    return waitFor(queue.enqueue(unit.id(), UnitAction.Kind.Destroy, null, false, false, List.of(), now()), waitSeconds);
  }

  /**
   * A destroy of a bulk request, which confirmed the destroy of all its units at once ({@link
   * LiveGates#confirmBulkDestroy}). With {@code after}: it waits for those actions (its consumers' destroys) to finish
   * first.
   */
  public UnitAction destroyConfirmed(String space, String slug, List<UUID> after, Integer waitSeconds) {
    requireValidWait(waitSeconds);
    Unit unit = withTarget(space, slug, "destroyed");
    grants.require(space, unit.metadata().target(), TargetUse.APPLY);
    return waitFor(queue.enqueue(unit.id(), UnitAction.Kind.Destroy, null, false, false, after, now()), waitSeconds);
  }

  public UnitAction get(UUID id) {
    return queue.find(id).orElseThrow(() -> TandemException.notFound("Action " + id + " does not exist."));
  }

  public ListResponse<UnitAction> forUnit(String space, String slug, PageRequest page) {
    Unit unit = units.get(space, slug);
    Instant before = page.after() == null ? null : parseCursor(page.after());
    return page.page(queue.forUnit(unit.id(), before, page.limit() + 1), action -> action.createdAt().toString());
  }

  private Unit withTarget(String space, String slug, String what) {
    Unit unit = units.get(space, slug);
    if (unit.metadata().target() == null) {
      throw noTarget(unit, what);
    }
    return unit;
  }

  /** The refusal of a unit without a target to be {@code what} (applied, refreshed, destroyed). */
  static TandemException noTarget(Unit unit, String what) {
    return TandemException.conflict("Unit '" + unit.slug() + "' has no target to be " + what + " on; set its target first.");
  }

  /** The refusal of an apply of revision {@code num}, for the {@code blockers} that gate it. */
  static TandemException gated(Unit unit, int num, List<String> blockers) {
    return new TandemException(ProblemCode.APPLY_GATED,
        "Revision " + num + " of unit '" + unit.slug() + "' may not be applied: " + String.join("; ", blockers) + ".",
        Map.of("reasons", blockers));
  }

  /** Checked before anything is queued: a request with a bad wait changes nothing. */
  private static void requireValidWait(Integer waitSeconds) {
    if (waitSeconds != null && waitSeconds > MAX_WAIT_SECONDS) {
      throw TandemException.invalidArgument("Parameter 'wait' may be at most " + MAX_WAIT_SECONDS + " seconds.");
    }
  }

  /** Polls until the action has finished or the wait is over; returns it as it then is. */
  private UnitAction waitFor(UnitAction action, Integer waitSeconds) {
    if (waitSeconds == null || waitSeconds <= 0) {
      return action;
    }
    Instant deadline = clock.instant().plus(Duration.ofSeconds(waitSeconds));
    UnitAction current = action;
    while (!current.status().finished() && clock.instant().isBefore(deadline)) {
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      current = queue.find(action.id()).orElse(current);
    }
    return current;
  }

  private static Instant parseCursor(String after) {
    try {
      return Instant.parse(after);
    } catch (RuntimeException e) {
      throw TandemException.invalidArgument("Parameter 'cursor' is not a cursor this server returned.");
    }
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }
}
