package io.tandem.apply.domain;

import io.tandem.action.domain.ActionQueue;
import io.tandem.action.domain.UnitAction;
import io.tandem.apply.domain.BulkActions.Result;
import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.ObjectKey;
import io.tandem.health.domain.ApplyWait;
import io.tandem.space.domain.SpaceService;
import io.tandem.targets.domain.Target;
import io.tandem.targets.domain.TargetGrant;
import io.tandem.targets.domain.TargetGrants;
import io.tandem.targets.domain.TargetService;
import io.tandem.targets.domain.TargetUse;
import io.tandem.unit.domain.GatesAndApprovals;
import io.tandem.unit.domain.RevisionRef;
import io.tandem.unit.domain.SyncWindowGate;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitQueries;
import io.tandem.unit.domain.UnitStore.UnitKey;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import org.springframework.stereotype.Service;

/**
 * Checks and queues the applies and refreshes of a bulk request all at once: the units, their gates and approvals,
 * targets, grants and the owners of their objects are each read once for the whole request (not once per unit), and
 * the actions are queued a batch per statement. Each unit is refused with what its own apply or refresh request would
 * be refused with ({@link ActionService}); the others are queued.
 */
@Service
public class BulkQueue {

  private final UnitQueries units;
  private final GatesAndApprovals gates;
  private final TargetService targets;
  private final ObjectOwnership ownership;
  private final TargetGrants grants;
  private final SpaceService spaces;
  private final ActionQueue queue;
  private final Clock clock;

  private final SyncWindowGate windows;

  public BulkQueue(UnitQueries units, GatesAndApprovals gates, TargetService targets, ObjectOwnership ownership,
      TargetGrants grants, SpaceService spaces, ActionQueue queue, Clock clock, SyncWindowGate windows) {
    this.windows = windows;
    this.units = units;
    this.gates = gates;
    this.targets = targets;
    this.ownership = ownership;
    this.grants = grants;
    this.spaces = spaces;
    this.queue = queue;
    this.clock = clock;
  }

  /** One unit of the request on its way through the checks; {@code error} set ends its way. */
  private static final class Candidate {
    final UnitKey key;
    Unit unit;
    int num;
    String data;
    Target target;
    List<ObjectKey> objects;
    TandemException error;

    Candidate(UnitKey key) {
      this.key = key;
    }

    boolean refused() {
      return error != null;
    }
  }

  /**
   * Applies the revision {@code revisions} names of each unit, in the order given, each after the queued applies of
   * the units {@code before} names for it.
   *
   * @param healthWait what each apply waits for once applied; {@code null}: as each unit's space says
   */
  public List<Result> apply(List<UnitKey> ordered, Function<UnitKey, RevisionRef> revisions,
      Map<UnitKey, Set<UnitKey>> before, ApplyWait healthWait) {
    List<Candidate> candidates = withTargets(ordered, "applied", true);
    passing(candidates).forEach(c -> refuseUnless(c, () -> c.num = units.resolve(c.unit, revisions.apply(c.key))));
    Map<UUID, List<String>> blocked = gates.applyBlockers(passing(candidates).stream()
        .map(c -> new GatesAndApprovals.Candidate(c.unit, c.num)).toList());
    passing(candidates).forEach(c -> {
      if (blocked.containsKey(c.unit.id())) {
        c.error = ActionService.gated(c.unit, c.num, blocked.get(c.unit.id()));
      }
    });
    SyncWindowGate.Pass windowed = windows.pass();
    passing(candidates).forEach(c -> {
      TandemException closed = SyncWindowGate.closed(c.unit, windowed.verdict(c.unit.space(), c.unit.slug()));
      c.error = closed != null ? closed : c.error;
    });
    resolveTargets(passing(candidates));
    passing(candidates).forEach(c -> refuseUnless(c,
        () -> c.data = c.num == c.unit.headRevisionNum() ? c.unit.data() : units.dataAt(c.unit, c.num)));
    // reading the texts is most of a large request's time, and needs nothing but the text: spread over the cores
    passing(candidates).parallelStream().forEach(c -> refuseUnless(c, () -> c.objects = ownership.keys(c.target, c.data)));
    Map<List<String>, Once<TargetGrant>> granted = new HashMap<>();
    passing(candidates).forEach(c -> refuseUnless(c, () -> TargetGrants.requireObjects(
        grant(granted, c, TargetUse.APPLY), c.target.slug(), c.objects)));
    requireFree(passing(candidates));
    Map<String, ApplyWait> waits = new HashMap<>();
    return queue(candidates, before, (c, after) -> new ActionQueue.NewAction(UUID.randomUUID(), c.unit.id(),
        UnitAction.Kind.Apply, c.num, false, after, (healthWait != null ? healthWait
            : waits.computeIfAbsent(c.unit.space(), space -> spaces.get(space).applyWait())).timeout()));
  }

  /** Refreshes each unit from its target, capturing drift. */
  public List<Result> refresh(List<UnitKey> ordered) {
    List<Candidate> candidates = withTargets(ordered, "refreshed", false);
    Map<List<String>, Once<TargetGrant>> granted = new HashMap<>();
    passing(candidates).forEach(c -> refuseUnless(c, () -> grant(granted, c, TargetUse.READ_LIVE)));
    return queue(candidates, Map.of(), (c, after) -> new ActionQueue.NewAction(UUID.randomUUID(), c.unit.id(),
        UnitAction.Kind.Refresh, null, false, after, null));
  }

  /** The units, read at once; those that are gone or have no target are refused as their own request would be. */
  private List<Candidate> withTargets(List<UnitKey> ordered, String what, boolean withData) {
    Map<UnitKey, Unit> found = units.getAll(ordered, withData);
    List<Candidate> candidates = new ArrayList<>(ordered.size());
    for (UnitKey key : ordered) {
      Candidate candidate = new Candidate(key);
      candidate.unit = found.get(key);
      if (candidate.unit == null) {
        candidate.error = units.unitNotFound(key.space(), key.unit());
      } else if (candidate.unit.metadata().target() == null) {
        candidate.error = ActionService.noTarget(candidate.unit, what);
      }
      candidates.add(candidate);
    }
    return candidates;
  }

  /** Each distinct target once. */
  private void resolveTargets(List<Candidate> candidates) {
    Map<String, Once<Target>> found = new HashMap<>();
    candidates.forEach(c -> refuseUnless(c, () -> c.target = found.computeIfAbsent(c.unit.metadata().target(),
        slug -> Once.of(() -> targets.get(slug))).get()));
  }

  /** The space's grant on the unit's target for {@code use}, asked once per space and target. */
  private TargetGrant grant(Map<List<String>, Once<TargetGrant>> granted, Candidate c, TargetUse use) {
    return granted.computeIfAbsent(List.of(c.unit.space(), c.unit.metadata().target()),
        key -> Once.of(() -> grants.require(key.get(0), key.get(1), use))).get();
  }

  /** One read per target of which objects other units applied. */
  private void requireFree(List<Candidate> candidates) {
    Map<String, List<Candidate>> byTarget = new LinkedHashMap<>();
    candidates.forEach(c -> byTarget.computeIfAbsent(c.target.slug(), slug -> new ArrayList<>()).add(c));
    byTarget.values().forEach(onTarget -> {
      Map<UUID, List<ObjectKey>> objects = new HashMap<>();
      onTarget.forEach(c -> objects.put(c.unit.id(), c.objects));
      Map<UUID, TandemException> refused = ownership.refusals(onTarget.get(0).target, objects);
      onTarget.forEach(c -> c.error = refused.get(c.unit.id()));
    });
  }

  /** Queues the action of every unit not refused, in order, each after the queued actions of those it waits for. */
  private List<Result> queue(List<Candidate> candidates, Map<UnitKey, Set<UnitKey>> before,
      BiFunction<Candidate, List<UUID>, ActionQueue.NewAction> action) {
    Map<UnitKey, UUID> ids = new HashMap<>();
    List<ActionQueue.NewAction> queued = new ArrayList<>();
    for (Candidate c : passing(candidates)) {
      List<UUID> after = before.getOrDefault(c.key, Set.of()).stream().map(ids::get).filter(Objects::nonNull).toList();
      ActionQueue.NewAction wanted = action.apply(c, after);
      queued.add(wanted);
      ids.put(c.key, wanted.id());
    }
    Map<UUID, UnitAction> byId = new HashMap<>();
    queue.enqueueAll(queued, clock.instant().truncatedTo(ChronoUnit.MICROS)).forEach(a -> byId.put(a.id(), a));
    return candidates.stream().map(c -> new Result(c.key.space(), c.key.unit(),
        c.refused() ? null : byId.get(ids.get(c.key)), c.error)).toList();
  }

  private static List<Candidate> passing(List<Candidate> candidates) {
    return candidates.stream().filter(c -> !c.refused()).toList();
  }

  private static void refuseUnless(Candidate c, Runnable check) {
    try {
      check.run();
    } catch (TandemException e) {
      c.error = e;
    }
  }

  /** A read made once for many units: what it found, or why it failed (each unit is refused with that). */
  private record Once<T>(T value, TandemException error) {

    static <T> Once<T> of(Supplier<T> read) {
      try {
        return new Once<>(read.get(), null);
      } catch (TandemException e) {
        return new Once<>(null, e);
      }
    }

    T get() {
      if (error != null) {
        throw error;
      }
      return value;
    }
  }
}
