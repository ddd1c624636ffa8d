package io.tandem.tag.domain;

import io.tandem.apply.domain.BulkActions;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.naming.Slugs;
import io.tandem.health.domain.ApplyWait;
import io.tandem.space.domain.Space;
import io.tandem.space.domain.SpaceService;
import io.tandem.unit.domain.RevisionRef;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitCommands;
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

/** Tags: name the head (or live) revisions of a space's units, then restore them or apply them together. */
@Service
public class TagService {

  private final TagStore store;
  private final SpaceService spaces;
  private final UnitQueries units;
  private final UnitCommands commands;
  private final BulkActions bulk;
  private final Clock clock;

  TagService(TagStore store, SpaceService spaces, UnitQueries units, UnitCommands commands,
      BulkActions bulk, Clock clock) {
    this.store = store;
    this.spaces = spaces;
    this.units = units;
    this.commands = commands;
    this.bulk = bulk;
    this.clock = clock;
  }

  /** Which revision of each selected unit to tag: its head, or the one live on its target. */
  public enum Which { head, live }

  public record NewTag(String slug, String description, String where, List<String> units, Which revision) {}

  public Tag create(String spaceSlug, NewTag request) {
    Space space = spaces.get(spaceSlug);
    Slugs.require("slug", request.slug());
    Which which = request.revision() == null ? Which.head : request.revision();
    Map<UUID, Integer> revisions = new LinkedHashMap<>();
    for (UnitKey key : units.select(space.slug(), new UnitFilter(request.where(), null, null), request.units())) {
      Unit unit = units.get(key.space(), key.unit());
      int num = which == Which.head ? unit.headRevisionNum() : unit.liveRevisionNum();
      if (num > 0) {
        revisions.put(unit.id(), num); // a unit not live anywhere has no live revision to tag
      }
    }
    if (revisions.isEmpty()) {
      throw TandemException.validation("The selection names no " + which + " revision to tag.");
    }
    if (!store.insert(space.id(), request.slug(), request.description() == null ? "" : request.description(),
        clock.instant().truncatedTo(ChronoUnit.MICROS), revisions)) {
      throw new TandemException(ProblemCode.ALREADY_EXISTS, "Tag '" + request.slug() + "' already exists in space '" + space.slug() + "'.");
    }
    return get(space.slug(), request.slug());
  }

  public Tag get(String space, String slug) {
    spaces.get(space);
    return store.find(space, slug)
        .orElseThrow(() -> TandemException.notFound("Tag '" + slug + "' does not exist in space '" + space + "'."));
  }

  public List<Tag> list(String space) {
    spaces.get(space);
    return store.list(space);
  }

  public void delete(String space, String slug) {
    get(space, slug);
    store.delete(space, slug);
  }

  /** One unit's outcome of a restore to a tag: its new head, or why it failed (it was left as it was). */
  public record Restored(String unit, Unit result, TandemException error) {}

  /** Gives every tagged unit a new head revision with its tagged revision's data; the cluster is not touched. */
  public List<Restored> restore(String space, String slug, String author) {
    Tag tag = get(space, slug);
    List<Restored> results = new ArrayList<>();
    for (Tag.TaggedRevision tagged : tag.revisions()) {
      try {
        Unit restored = commands.restore(space, tagged.unit(), RevisionRef.parse("restore", "tag:" + slug), null, null, author)
            .unit();
        results.add(new Restored(tagged.unit(), restored, null));
      } catch (TandemException e) {
        results.add(new Restored(tagged.unit(), null, e));
      }
    }
    return results;
  }

  /**
   * Applies every tagged unit's tagged revision to its target, providers first.
   *
   * @param healthWait what each apply waits for once applied; {@code null}: as the space says
   */
  public List<BulkActions.Result> apply(String space, String slug, ApplyWait healthWait) {
    Tag tag = get(space, slug);
    RevisionRef tagged = RevisionRef.parse("revision", "tag:" + slug);
    return bulk.apply(tag.revisions().stream()
        .map(revision -> new BulkActions.UnitRevision(new UnitKey(space, revision.unit()), tagged))
        .toList(), healthWait);
  }
}
