package io.tandem.unit.domain;

import io.tandem.common.access.AccessCheck;
import io.tandem.common.error.TandemException;
import io.tandem.common.paging.ListResponse;
import io.tandem.common.paging.PageRequest;
import io.tandem.common.yaml.ParsedContent;
import io.tandem.common.yaml.StructuralDiff;
import io.tandem.common.yaml.UnifiedDiff;
import io.tandem.space.domain.SpaceService;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Reads of units and their history: a unit, lists and selections, revisions, data, diffs and revision references. */
@Service
@Transactional(readOnly = true)
public class UnitQueries {

  private final UnitStore store;
  private final UnitViews views;
  private final SpaceService spaces;
  private final AccessCheck access;
  private final List<TaggedRevisions> tags;
  private final List<LiveStateSource> liveStates;

  public UnitQueries(
      UnitStore store, UnitViews views, SpaceService spaces, AccessCheck access, List<TaggedRevisions> tags,
      List<LiveStateSource> liveStates) {
    this.store = store;
    this.views = views;
    this.spaces = spaces;
    this.access = access;
    this.tags = tags;
    this.liveStates = liveStates;
  }

  /** The unit with its head data; 404 when it or its space does not exist. */
  public Unit get(String space, String slug) {
    return store.find(space, slug, true).orElseThrow(() -> unitNotFound(space, slug));
  }

  /** The units of {@code keys} that exist, with their head data if asked; one read however many. */
  public Map<UnitStore.UnitKey, Unit> getAll(Collection<UnitStore.UnitKey> keys, boolean withData) {
    Map<UnitStore.UnitKey, Unit> found = new HashMap<>();
    store.findAll(keys, withData).forEach(unit -> found.put(new UnitStore.UnitKey(unit.space(), unit.slug()), unit));
    return found;
  }

  /** Units of a space that the filter selects, as their responses show them. */
  public ListResponse<UnitView> list(String space, PageRequest page, boolean withData, UnitFilter filter) {
    List<UnitView> units = views.list(space, page, withData, checked(space, filter));
    if (units.isEmpty()) {
      spaces.get(space); // 404 for an unknown space rather than an empty list
    }
    return page.page(units, view -> view.unit().slug());
  }

  /**
   * The units a filter selects in a space, or in every space when {@code space} is null (then {@code Space.Slug}
   * and {@code Space.Labels.<key>} pick spaces).
   */
  public List<UnitStore.UnitKey> select(String space, UnitFilter filter) {
    if (space != null) {
      spaces.get(space);
    }
    return store.select(space, checked(space, filter));
  }

  /**
   * The units of a space that the filter selects, narrowed to {@code named} when any are named (404 for a named unit
   * that does not exist), in the order named.
   */
  public List<UnitStore.UnitKey> select(String space, UnitFilter filter, List<String> named) {
    List<UnitStore.UnitKey> matching = select(space, filter);
    if (named == null || named.isEmpty()) {
      return matching;
    }
    List<UnitStore.UnitKey> wanted = new ArrayList<>();
    for (String unit : new LinkedHashSet<>(named)) {
      get(space, unit);
      wanted.add(new UnitStore.UnitKey(space, unit));
    }
    return wanted.stream().filter(matching::contains).toList();
  }

  /** The filter checked; 403 when it compares Secret values and the caller may not read them in the space. */
  private UnitFilter.Checked checked(String space, UnitFilter filter) {
    UnitFilter.Checked checked = filter.check();
    if (checked.data().readsSecretValues() && !access.mayReadSecrets(space)) {
      throw TandemException.forbidden("whereData on data or stringData of v1 Secrets needs readSecrets in space '" + space
          + "' (Secret values are masked for you); name another resourceType, such as v1/ConfigMap, to query those.");
    }
    return checked;
  }

  public ListResponse<Revision> revisions(String space, String slug, PageRequest page) {
    Unit unit = withoutData(space, slug);
    return page.page(store.revisions(unit.id(), page), revision -> Integer.toString(revision.num()));
  }

  public Revision revision(String space, String slug, RevisionRef ref) {
    Unit unit = withoutData(space, slug);
    return store.revision(unit.id(), resolve(unit, ref)).orElseThrow();
  }

  /** Revision {@code num} of the unit, with its data and mutations. */
  public Revision revision(Unit unit, int num) {
    return store.revision(unit.id(), num).orElseThrow();
  }

  public String data(String space, String slug, RevisionRef ref) {
    Unit unit = withoutData(space, slug);
    return store.data(unit.id(), resolve(unit, ref)).orElseThrow();
  }

  /** The data of revision {@code num} of a unit (0: the empty configuration). */
  public String dataAt(Unit unit, int num) {
    return num == 0 ? "" : store.data(unit.id(), num).orElseThrow();
  }

  /** {@code from} and {@code to}: revision references, or {@code liveState} for the last observed live state. */
  public UnitDiff diff(String space, String slug, String from, String to) {
    return diff(space, slug, from, to, UnaryOperator.identity());
  }

  /** With {@code view} applied to both texts first (what the caller may see of them: Secret values masked, say). */
  public UnitDiff diff(String space, String slug, String from, String to, UnaryOperator<String> view) {
    Unit unit = withoutData(space, slug);
    Side fromSide = side(unit, "from", from).viewed(view);
    Side toSide = side(unit, "to", to).viewed(view);
    return new UnitDiff(
        fromSide.label(),
        toSide.label(),
        StructuralDiff.between(ParsedContent.parse(fromSide.text()), ParsedContent.parse(toSide.text())),
        UnifiedDiff.of(slug + "@" + fromSide.label(), fromSide.text(), slug + "@" + toSide.label(), toSide.text()));
  }

  /** The label and the text of one side of a diff. */
  private record Side(String label, String text) {

    Side viewed(UnaryOperator<String> view) {
      return new Side(label, view.apply(text));
    }
  }

  private Side side(Unit unit, String parameter, String reference) {
    if ("liveState".equals(reference)) {
      String live =
          liveStates.stream()
              .map(source -> source.liveState(unit.id(),
                  dataAt(unit, unit.liveRevisionNum() > 0 ? unit.liveRevisionNum() : unit.headRevisionNum())))
              .flatMap(Optional::stream)
              .findFirst()
              .orElseThrow(() -> TandemException.notFound("Unit '" + unit.slug() + "' has not been observed on a target yet."));
      return new Side("liveState", live);
    }
    RevisionRef ref = RevisionRef.parse(parameter, reference);
    int num = ref.kind() == RevisionRef.Kind.TAG ? resolve(unit, ref) : ref.resolveAllowingEmpty(unit);
    return new Side(Integer.toString(num), dataAt(unit, num));
  }

  /** The revision number a reference names in this unit, {@code tag:<name>} included; 404 when there is none. */
  public int resolve(Unit unit, RevisionRef ref) {
    if (ref.kind() != RevisionRef.Kind.TAG) {
      return ref.resolve(unit);
    }
    return tags.stream()
        .map(tagged -> tagged.revisionOf(unit.id(), ref.tag()))
        .flatMap(Optional::stream)
        .findFirst()
        .orElseThrow(() -> TandemException.notFound(
            "Tag '" + ref.tag() + "' does not exist in space '" + unit.space() + "', or names no revision of unit '"
                + unit.slug() + "'."));
  }

  /** The 404 for a unit that does not exist, naming what is missing: the space, or the unit in it. */
  public TandemException unitNotFound(String space, String slug) {
    spaces.get(space);
    return TandemException.notFound("Unit '" + slug + "' does not exist in space '" + space + "'.");
  }

  private Unit withoutData(String space, String slug) {
    return store.find(space, slug, false).orElseThrow(() -> unitNotFound(space, slug));
  }
}
