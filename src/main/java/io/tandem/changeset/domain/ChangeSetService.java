package io.tandem.changeset.domain;

import io.tandem.apply.domain.BulkActions;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.naming.Slugs;
import io.tandem.health.domain.ApplyWait;
import io.tandem.space.domain.Space;
import io.tandem.space.domain.SpaceService;
import io.tandem.unit.domain.RevisionRef;
import io.tandem.unit.domain.UnitFilter;
import io.tandem.unit.domain.UnitQueries;
import io.tandem.unit.domain.UnitStore.UnitKey;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Service;

/**
 * Change sets: a unit joins one (one at a time, so a change set also marks the units someone is working on), its
 * revisions record it, and the change set's newest revision of every unit can be applied together.
 */
@Service
public class ChangeSetService {

  private final ChangeSetStore store;
  private final SpaceService spaces;
  private final UnitQueries units;
  private final BulkActions bulk;
  private final Clock clock;

  ChangeSetService(ChangeSetStore store, SpaceService spaces, UnitQueries units, BulkActions bulk, Clock clock) {
    this.store = store;
    this.spaces = spaces;
    this.units = units;
    this.bulk = bulk;
    this.clock = clock;
  }

  /** Units by where and/or slugs; neither selects none. */
  public record Selection(String where, List<String> units) {

    boolean isEmpty() {
      return (where == null || where.isBlank()) && (units == null || units.isEmpty());
    }
  }

  public ChangeSet create(String spaceSlug, String slug, String description, Selection selection) {
    Space space = spaces.get(spaceSlug);
    Slugs.require("slug", slug);
    ChangeSet changeSet = new ChangeSet(UUID.randomUUID(), space.slug(), slug, description == null ? "" : description,
        clock.instant().truncatedTo(ChronoUnit.MICROS), List.of());
    if (!store.insert(space.id(), changeSet)) {
      throw new TandemException(ProblemCode.ALREADY_EXISTS, "Change set '" + slug + "' already exists in space '" + space.slug() + "'.");
    }
    if (selection != null && !selection.isEmpty()) {
      try {
        return addUnits(space.slug(), slug, selection);
      } catch (TandemException e) {
        store.deleteUnused(changeSet.id()); // nothing half made: the change set goes with its failed selection
        throw e;
      }
    }
    return get(space.slug(), slug);
  }

  public ChangeSet get(String space, String slug) {
    spaces.get(space);
    return store.find(space, slug).orElseThrow(() ->
        TandemException.notFound("Change set '" + slug + "' does not exist in space '" + space + "'."));
  }

  public List<ChangeSet> list(String space) {
    spaces.get(space);
    return store.list(space);
  }

  /** Puts units into the change set; 409 naming those already in another one (then none is added). */
  public ChangeSet addUnits(String space, String slug, Selection selection) {
    ChangeSet changeSet = get(space, slug);
    if (selection == null || selection.isEmpty()) {
      throw TandemException.validation("Name the units to add: 'where' and/or 'units'.");
    }
    List<UUID> ids = new ArrayList<>();
    for (UnitKey key : units.select(space, new UnitFilter(selection.where(), null, null), selection.units())) {
      ids.add(units.get(key.space(), key.unit()).id());
    }
    List<String> taken = store.addUnits(changeSet.id(), ids);
    if (!taken.isEmpty()) {
      throw TandemException.conflict("Unit(s) " + String.join(", ", taken) + " are in another change set; take them out of it first.");
    }
    return get(space, slug);
  }

  public ChangeSet removeUnit(String space, String slug, String unit) {
    ChangeSet changeSet = get(space, slug);
    store.removeUnits(changeSet.id(), List.of(units.get(space, unit).id()));
    return get(space, slug);
  }

  /** Every unit leaves the change set; its revisions keep naming it. */
  public ChangeSet close(String space, String slug) {
    store.removeUnits(get(space, slug).id(), null);
    return get(space, slug);
  }

  public List<ChangeSetStore.ChangeSetRevision> revisions(String space, String slug) {
    return store.revisions(get(space, slug).id());
  }

  public void delete(String space, String slug) {
    ChangeSet changeSet = get(space, slug);
    store.removeUnits(changeSet.id(), null);
    if (!store.deleteUnused(changeSet.id())) {
      throw TandemException.conflict("Change set '" + slug + "' has revisions, which keep naming it; close it instead.");
    }
  }

  /**
   * Applies, for every unit the change set changed, the newest revision it made there, providers first.
   *
   * @param healthWait what each apply waits for once applied; {@code null}: as the space says
   */
  public List<BulkActions.Result> apply(String space, String slug, ApplyWait healthWait) {
    Map<String, Integer> newest = new LinkedHashMap<>();
    revisions(space, slug).forEach(revision -> newest.merge(revision.unit(), revision.revisionNum(), Math::max));
    if (newest.isEmpty()) {
      throw TandemException.conflict("Change set '" + slug + "' has no revisions to apply yet.");
    }
    List<BulkActions.UnitRevision> wanted = new ArrayList<>();
    newest.forEach((unit, num) ->
        wanted.add(new BulkActions.UnitRevision(new UnitKey(space, unit), RevisionRef.parse("revision", Integer.toString(num)))));
    return bulk.apply(wanted, healthWait);
  }
}
