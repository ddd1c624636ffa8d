package io.tandem.apply.domain;

import io.tandem.action.domain.UnitAction;
import io.tandem.common.error.TandemException;
import io.tandem.health.domain.ApplyWait;
import io.tandem.unit.domain.LiveGates;
import io.tandem.unit.domain.RevisionRef;
import io.tandem.unit.domain.UnitFilter;
import io.tandem.unit.domain.UnitQueries;
import io.tandem.unit.domain.UnitStore.UnitKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.function.BiFunction;
import org.springframework.stereotype.Service;

/** Apply, refresh or destroy many units at once: in one space, or across all spaces. */
@Service
public class BulkActions {

  private final UnitQueries units;
  private final ActionService actions;
  private final BulkQueue bulk;
  private final LiveGates liveGates;
  private final List<UnitDependencies> dependencies;

  public BulkActions(UnitQueries units, ActionService actions, BulkQueue bulk, LiveGates liveGates,
      List<UnitDependencies> dependencies) {
    this.units = units;
    this.actions = actions;
    this.bulk = bulk;
    this.liveGates = liveGates;
    this.dependencies = dependencies;
  }

  /**
   * A destroy's confirmation: {@code confirm} true and {@code count} the number of units the request selects (as its
   * dry run lists them), needed when one of them has objects on its target and its space's destroy gate is on.
   */
  public record Confirmation(Boolean confirm, Integer count) {}

  /** One unit's outcome: the queued action, or why none was queued; neither for a dry run. */
  public record Result(String space, String unit, UnitAction action, TandemException error) {}

  /**
   * Queues the action for each selected unit, providers' applies first and their destroys last; a dry run only lists
   * the units.
   *
   * @param space the space, or {@code null} for all spaces (then named units read {@code space/unit})
   * @param named unit names, ANDed with the filter; none means every unit the filter selects; each named unit that
   *     does not exist is reported as a not-found result
   * @param healthWait of applies: what each waits for once applied; {@code null}: as each unit's space says
   * @throws TandemException {@code invalid-argument} for an unknown action, {@code invalid-where}, {@code not-found};
   *     {@code confirmation-required} for a destroy that is not confirmed, and then nothing is queued
   */
  public List<Result> run(String space, String action, List<String> named, UnitFilter filter, boolean dryRun,
      ApplyWait healthWait, Confirmation confirmation) {
    UnitAction.Kind kind = kind(action);
    List<Result> missing = new ArrayList<>();
    List<UnitKey> selected = select(space, named, filter, missing);
    // Providers apply before the units that link to them, and are destroyed after them: each such action waits
    // for the ones it depends on, queued here first.
    Map<UnitKey, Set<UnitKey>> before = kind == UnitAction.Kind.Refresh ? Map.of() : waitsFor(selected, kind);
    List<UnitKey> ordered = kind == UnitAction.Kind.Refresh ? selected : inOrder(selected, before);
    List<Result> results = new ArrayList<>();
    if (dryRun) {
      ordered.forEach(key -> results.add(new Result(key.space(), key.unit(), null, null)));
    } else {
      if (kind == UnitAction.Kind.Destroy) {
        liveGates.confirmBulkDestroy(ordered.stream().map(key -> units.get(key.space(), key.unit())).toList(),
            confirmation.confirm(), confirmation.count());
      }
      RevisionRef head = RevisionRef.parse("revision", "head");
      results.addAll(switch (kind) {
        case Apply -> bulk.apply(ordered, key -> head, before, healthWait);
        case Refresh -> bulk.refresh(ordered);
        case Destroy -> queueInOrder(ordered, before,
            (key, after) -> actions.destroyConfirmed(key.space(), key.unit(), after, null));
      });
    }
    results.addAll(missing);
    return results;
  }

  /** Queues each unit's action, in order, after the queued actions of the units in {@code before}. */
  private static List<Result> queueInOrder(List<UnitKey> ordered, Map<UnitKey, Set<UnitKey>> before,
      BiFunction<UnitKey, List<UUID>, UnitAction> queue) {
    Map<UnitKey, UUID> queuedIds = new HashMap<>();
    List<Result> results = new ArrayList<>();
    for (UnitKey key : ordered) {
      List<UUID> after = before.getOrDefault(key, Set.of()).stream().map(queuedIds::get).filter(Objects::nonNull).toList();
      try {
        UnitAction queued = queue.apply(key, after);
        queuedIds.put(key, queued.id());
        results.add(new Result(key.space(), key.unit(), queued, null));
      } catch (TandemException e) {
        results.add(new Result(key.space(), key.unit(), null, e));
      }
    }
    return results;
  }

  /** For each unit, the units whose action must finish before its own: providers for apply, consumers for destroy. */
  private Map<UnitKey, Set<UnitKey>> waitsFor(List<UnitKey> selected, UnitAction.Kind kind) {
    Map<UnitKey, Set<UnitKey>> providers = new HashMap<>();
    dependencies.forEach(source -> source.providers(selected).forEach(
        (unit, needed) -> providers.computeIfAbsent(unit, key -> new LinkedHashSet<>()).addAll(needed)));
    if (kind == UnitAction.Kind.Apply) {
      return providers;
    }
    Map<UnitKey, Set<UnitKey>> consumers = new HashMap<>();
    providers.forEach((consumer, needed) ->
        needed.forEach(provider -> consumers.computeIfAbsent(provider, key -> new LinkedHashSet<>()).add(consumer)));
    return consumers;
  }

  /** {@code selected} with every unit after the ones it waits for (links never form a cycle). */
  private static List<UnitKey> inOrder(List<UnitKey> selected, Map<UnitKey, Set<UnitKey>> before) {
    List<UnitKey> ordered = new ArrayList<>();
    Set<UnitKey> placed = new HashSet<>();
    for (UnitKey key : selected) {
      place(key, before, placed, ordered, new HashSet<>());
    }
    return ordered;
  }

  private static void place(UnitKey key, Map<UnitKey, Set<UnitKey>> before, Set<UnitKey> placed, List<UnitKey> ordered,
      Set<UnitKey> visiting) {
    if (placed.contains(key) || !visiting.add(key)) {
      return;
    }
    for (UnitKey first : before.getOrDefault(key, Set.of())) {
      place(first, before, placed, ordered, visiting);
    }
    placed.add(key);
    ordered.add(key);
  }

  /** A revision of a unit to apply. */
  public record UnitRevision(UnitKey unit, RevisionRef revision) {}

  /**
   * Applies the given revision of each unit (a tag's, a change set's), providers before the units that link to them
   * as {@link #run} orders them; each outcome, as {@link #run} gives them.
   *
   * @param healthWait what each apply waits for once applied; {@code null}: as each unit's space says
   */
  public List<Result> apply(List<UnitRevision> revisions, ApplyWait healthWait) {
    Map<UnitKey, RevisionRef> wanted = new java.util.LinkedHashMap<>();
    revisions.forEach(revision -> wanted.put(revision.unit(), revision.revision()));
    List<UnitKey> selected = List.copyOf(wanted.keySet());
    Map<UnitKey, Set<UnitKey>> before = waitsFor(selected, UnitAction.Kind.Apply);
    return bulk.apply(inOrder(selected, before), wanted::get, before, healthWait);
  }

  /**
   * The units to act on. Named units that do not exist are not acted on (nor ordered), dry run or not: each becomes a
   * not-found result in {@code missing}. Named units that exist but that the filter does not select are left out.
   */
  private List<UnitKey> select(String space, List<String> named, UnitFilter filter, List<Result> missing) {
    if (named == null || named.isEmpty()) {
      return units.select(space, filter);
    }
    // selecting in one space first makes an unknown space a 404 for the request rather than for each unit
    Set<UnitKey> matching = space != null || !filter.isAll() ? new HashSet<>(units.select(space, filter)) : null;
    List<UnitKey> wanted = new ArrayList<>();
    for (String name : new LinkedHashSet<>(named)) {
      UnitKey key = key(space, name);
      if (matching != null && matching.contains(key)) {
        wanted.add(key);
        continue;
      }
      try {
        units.get(key.space(), key.unit());
        if (matching == null) {
          wanted.add(key);
        }
      } catch (TandemException e) {
        missing.add(new Result(key.space(), key.unit(), null, e));
      }
    }
    return wanted;
  }

  private static UnitKey key(String space, String name) {
    if (space != null) {
      return new UnitKey(space, name);
    }
    int slash = name == null ? -1 : name.indexOf('/');
    if (slash <= 0 || slash == name.length() - 1) {
      throw TandemException.validation("Across spaces, units are named space/unit; got '" + name + "'.");
    }
    return new UnitKey(name.substring(0, slash), name.substring(slash + 1));
  }

  private static UnitAction.Kind kind(String action) {
    if (action == null) {
      throw TandemException.validation("Field 'action' is required: apply, refresh or destroy.");
    }
    return switch (action) {
      case "apply" -> UnitAction.Kind.Apply;
      case "destroy" -> UnitAction.Kind.Destroy;
      case "refresh" -> UnitAction.Kind.Refresh;
      default -> throw TandemException.invalidArgument("Field 'action' must be apply, refresh or destroy, not '" + action + "'.");
    };
  }
}
