package io.tandem.unit.domain;

import io.tandem.common.access.AccessCheck;
import io.tandem.common.config.TandemProperties;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.web.ETags;
import io.tandem.common.web.Labels;
import io.tandem.common.web.ListResponse;
import io.tandem.common.web.MergePatch;
import io.tandem.common.web.PageRequest;
import io.tandem.common.web.Slugs;
import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.ParsedContent;
import io.tandem.common.yaml.SecretMasker;
import io.tandem.common.yaml.StructuralDiff;
import io.tandem.common.yaml.UnifiedDiff;
import io.tandem.space.domain.DriftMode;
import io.tandem.space.domain.Space;
import io.tandem.space.domain.SpaceService;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Service;
import tools.jackson.databind.JsonNode;

/**
 * Units and their revisions: every change of data is one new revision, made atomically with the new head. Data
 * written over a head keeps the head's Secret values where it holds the mask ({@link SecretMasker#keepStored}), so
 * that what a masked read gave can be written back without losing them.
 */
@Service
public class UnitService {

  static final Set<String> PATCHABLE =
      Set.of("displayName", "labels", "target", "driftMode", "data", "changeDescription");
  static final Set<String> RESTORE_PATCHABLE = Set.of("changeDescription");

  private final UnitStore store;
  private final List<LiveStateSource> liveStates;
  private final SpaceService spaces;
  private final Clock clock;
  private final long maxDataBytes;
  private final GateStore gates;
  private final List<RevisionChecks> checks;
  private final List<TaggedRevisions> tags;
  private final List<UpstreamLookup> upstreams;
  private final List<RevisionResolver> resolvers;
  private final AccessCheck access;

  public UnitService(
      UnitStore store, SpaceService spaces, Clock clock, TandemProperties properties, List<LiveStateSource> liveStates,
      GateStore gates, List<RevisionChecks> checks, List<TaggedRevisions> tags, List<UpstreamLookup> upstreams,
      List<RevisionResolver> resolvers, AccessCheck access) {
    this.access = access;
    this.upstreams = upstreams;
    this.resolvers = resolvers;
    this.store = store;
    this.gates = gates;
    this.checks = checks;
    this.tags = tags;
    this.liveStates = liveStates;
    this.spaces = spaces;
    this.clock = clock;
    this.maxDataBytes = properties.maxUnitDataSize().toBytes();
  }

  public record NewUnit(
      String slug,
      String displayName,
      String data,
      Map<String, String> labels,
      String target,
      String driftMode,
      String changeDescription) {}

  public Unit create(String spaceSlug, NewUnit request, String author) {
    return create(spaceSlug, request, author, RevisionSource.Create)
        .orElseThrow(() -> new TandemException(ProblemCode.ALREADY_EXISTS,
            "Unit '" + request.slug() + "' already exists in space '" + spaceSlug + "'."));
  }

  /** What an import did to a unit. */
  public enum ImportOutcome { Created, Updated, Unchanged }

  public record Imported(Unit unit, ImportOutcome outcome) {}

  /**
   * Creates the unit from imported data, or gives an existing one the data as a new revision (source Import); no
   * revision when the data is byte-identical to the head. {@code target} applies only to a unit created here.
   */
  public Imported importUnit(String spaceSlug, String slug, String data, String target, String description, String author) {
    if (store.find(spaceSlug, slug, false).isEmpty()) {
      Optional<Unit> created =
          create(spaceSlug, new NewUnit(slug, null, data, null, target, null, description), author, RevisionSource.Import);
      if (created.isPresent()) {
        return new Imported(created.get(), ImportOutcome.Created);
      }
    }
    parseData(data);
    Unit before = get(spaceSlug, slug);
    Unit after =
        change(spaceSlug, slug, null, current -> {
          String kept = SecretMasker.keepStored(data, current.data());
          return kept.equals(current.data())
              ? UnitChange.none()
              : new UnitChange(null,
                  dataRevision(current, kept, ParsedContent.parse(kept), RevisionSource.Import, description, author, null, "import"),
                  now());
        });
    return new Imported(after, after.headRevisionNum() == before.headRevisionNum() ? ImportOutcome.Unchanged : ImportOutcome.Updated);
  }

  /** Empty when a unit of that slug exists already. */
  private Optional<Unit> create(String spaceSlug, NewUnit request, String author, RevisionSource source) {
    Space space = spaces.get(spaceSlug);
    Slugs.require("slug", request.slug());
    if (request.data() == null) {
      throw TandemException.validation("Field 'data' is required (the unit's YAML; it may be empty).");
    }
    List<KubernetesResource> resources = parseData(request.data());
    UnitMetadata metadata =
        new UnitMetadata(
            displayNameOrSlug(request.displayName(), request.slug()),
            Labels.require(request.labels()),
            request.target() == null ? null : Slugs.require("target", request.target()),
            request.driftMode() == null ? space.driftMode() : DriftMode.parse("driftMode", request.driftMode()));
    Instant now = now();
    Unit unit =
        new Unit(UUID.randomUUID(), space.slug(), request.slug(), metadata, 1, 1, 0, 0, 0, Drift.None, now, now,
            request.data());
    NewRevision first =
        new NewRevision(
            request.data(),
            source,
            descriptionOr(request.changeDescription(), "Create unit " + request.slug()),
            author,
            null,
            mutations(List.of(), resources, "create"));
    return store.insert(space.id(), unit, first.withGates(check(space.slug(), unit.slug(), first.data())))
        ? Optional.of(unit)
        : Optional.empty();
  }

  public Unit get(String space, String slug) {
    return store.find(space, slug, true).orElseThrow(() -> unitNotFound(space, slug));
  }

  /** Units of a space that the filter selects. */
  public ListResponse<Unit> list(String space, PageRequest page, boolean withData, UnitFilter filter) {
    List<Unit> units = store.list(space, page, withData, sql(space, filter));
    if (units.isEmpty()) {
      spaces.get(space); // 404 for an unknown space rather than an empty list
    }
    return page.page(units, Unit::slug);
  }

  /**
   * The units a filter selects in a space, or in every space when {@code space} is null (then {@code Space.Slug}
   * and {@code Space.Labels.<key>} pick spaces).
   */
  public List<UnitStore.UnitKey> select(String space, UnitFilter filter) {
    if (space != null) {
      spaces.get(space);
    }
    return store.select(space, sql(space, filter));
  }

  /** The filter as SQL; 403 when it compares Secret values and the caller may not read them in the space. */
  private io.tandem.query.WhereSql sql(String space, UnitFilter filter) {
    if (filter.readsSecretValues() && !access.mayReadSecrets(space)) {
      throw TandemException.forbidden("whereData on data or stringData of v1 Secrets needs readSecrets in space '" + space
          + "' (Secret values are masked for you); name another resourceType, such as v1/ConfigMap, to query those.");
    }
    return filter.toSql();
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
    for (String unit : new java.util.LinkedHashSet<>(named)) {
      get(space, unit);
      wanted.add(new UnitStore.UnitKey(space, unit));
    }
    return wanted.stream().filter(matching::contains).toList();
  }

  /** A JSON merge patch over the unit's metadata and/or data; a new revision only when the data changes. */
  public Unit patch(String space, String slug, JsonNode body, Long expectedVersion, String author) {
    MergePatch patch = MergePatch.of(body, PATCHABLE);
    String newData = null;
    List<KubernetesResource> newResources = null;
    if (patch.has("data")) {
      newData = patch.text("data");
      if (newData == null) {
        throw TandemException.validation("Field 'data' cannot be null; send an empty string for a unit with no objects.");
      }
      newResources = parseData(newData);
    }
    String data = newData;
    List<KubernetesResource> resources = newResources;
    String description = patch.text("changeDescription");
    return change(
        space,
        slug,
        expectedVersion,
        current -> {
          UnitMetadata metadata = patchMetadata(current, patch);
          NewRevision revision = null;
          String kept = SecretMasker.keepStored(data, current.data());
          if (kept != null && !kept.equals(current.data())) {
            List<KubernetesResource> keptResources = kept.equals(data) ? resources : ParsedContent.parse(kept);
            revision = dataRevision(current, kept, keptResources, RevisionSource.Update, description, author, null, "update");
          }
          return new UnitChange(metadata.equals(current.metadata()) ? null : metadata, revision, now());
        });
  }

  /** Replaces the unit's data; no revision when it is byte-identical to the head. */
  public Unit putData(String space, String slug, String data, String description, Long expectedVersion, String author) {
    List<KubernetesResource> resources = parseData(data);
    return change(
        space,
        slug,
        expectedVersion,
        current -> {
          String kept = SecretMasker.keepStored(data, current.data());
          return kept.equals(current.data())
              ? UnitChange.none()
              : new UnitChange(
                  null,
                  dataRevision(current, kept, kept.equals(data) ? resources : ParsedContent.parse(kept), RevisionSource.Update,
                      description, author, null, "update"),
                  now());
        });
  }

  /** A new head revision with the data of {@code ref}; the cluster is not touched. */
  public Unit restore(String space, String slug, RevisionRef ref, JsonNode body, Long expectedVersion, String author) {
    MergePatch patch = MergePatch.of(body, RESTORE_PATCHABLE);
    String description = patch.text("changeDescription");
    return change(
        space,
        slug,
        expectedVersion,
        current -> {
          int num = resolve(current, ref);
          String data = store.data(current.id(), num).orElseThrow();
          return new UnitChange(
              null,
              dataRevision(
                  current,
                  data,
                  ParsedContent.parse(data),
                  RevisionSource.Restore,
                  descriptionOr(description, "Restore revision " + num),
                  author,
                  num,
                  "restore of " + num),
              now());
        });
  }

  /** A change of data computed by another feature (functions, refresh …); {@code null} from the edit means none. */
  public record DataEdit(String data, RevisionSource source, String description, List<Mutation> mutations) {}

  /**
   * Changes a unit's data with an edit computed from its current state while the unit is locked, so that the edit
   * never works on a stale head. The edited data is validated as any other; no revision when it is unchanged.
   */
  public Unit editData(String space, String slug, String author, java.util.function.Function<Unit, DataEdit> edit) {
    return change(
        space,
        slug,
        null,
        current -> {
          DataEdit result = edit.apply(current);
          if (result == null) {
            return UnitChange.none();
          }
          parseData(result.data());
          String kept = SecretMasker.keepStored(result.data(), current.data());
          if (kept.equals(current.data())) {
            return UnitChange.none();
          }
          return new UnitChange(
              null,
              new NewRevision(kept, result.source(), descriptionOr(result.description(), ""), author, null, result.mutations()),
              now());
        });
  }

  /** See {@link UnitStore#recordApply}. */
  public void recordApply(UUID unitId, int lastApplied, Integer live) {
    store.recordApply(unitId, lastApplied, live);
  }

  /** See {@link UnitStore#recordDestroyed}. */
  public void recordDestroyed(UUID unitId) {
    store.recordDestroyed(unitId);
  }

  /** The data of revision {@code num} of a unit (0: the empty configuration). */
  public String dataAt(Unit unit, int num) {
    return num == 0 ? "" : store.data(unit.id(), num).orElseThrow();
  }

  public void delete(String space, String slug, boolean force, Long expectedVersion) {
    boolean deleted =
        store.delete(
            space,
            slug,
            current -> {
              ETags.check(expectedVersion, current.version(), "unit '" + slug + "'");
              if (!force && current.metadata().target() != null && current.liveRevisionNum() > 0) {
                throw TandemException.conflict(
                    "Unit '" + slug + "' is live on target '" + current.metadata().target()
                        + "'; destroy it first, or pass force=true to delete it and leave its objects on the cluster.");
              }
            });
    if (!deleted) {
      throw unitNotFound(space, slug);
    }
  }

  public ListResponse<Revision> revisions(String space, String slug, PageRequest page) {
    Unit unit = store.find(space, slug, false).orElseThrow(() -> unitNotFound(space, slug));
    return page.page(store.revisions(unit.id(), page), revision -> Integer.toString(revision.num()));
  }

  public Revision revision(String space, String slug, RevisionRef ref) {
    Unit unit = store.find(space, slug, false).orElseThrow(() -> unitNotFound(space, slug));
    return store.revision(unit.id(), resolve(unit, ref)).orElseThrow();
  }

  public String data(String space, String slug, RevisionRef ref) {
    Unit unit = store.find(space, slug, false).orElseThrow(() -> unitNotFound(space, slug));
    return store.data(unit.id(), resolve(unit, ref)).orElseThrow();
  }

  /** {@code from} and {@code to}: revision references, or {@code liveState} for the last observed live state. */
  public UnitDiff diff(String space, String slug, String from, String to) {
    return diff(space, slug, from, to, java.util.function.UnaryOperator.identity());
  }

  /** With {@code view} applied to both texts first (what the caller may see of them: Secret values masked, say). */
  public UnitDiff diff(String space, String slug, String from, String to, java.util.function.UnaryOperator<String> view) {
    Unit unit = store.find(space, slug, false).orElseThrow(() -> unitNotFound(space, slug));
    String[] fromSide = side(unit, "from", from);
    String[] toSide = side(unit, "to", to);
    fromSide[1] = view.apply(fromSide[1]);
    toSide[1] = view.apply(toSide[1]);
    return new UnitDiff(
        fromSide[0],
        toSide[0],
        StructuralDiff.between(ParsedContent.parse(fromSide[1]), ParsedContent.parse(toSide[1])),
        UnifiedDiff.of(slug + "@" + fromSide[0], fromSide[1], slug + "@" + toSide[0], toSide[1]));
  }

  /** The label and the text of one side of a diff. */
  private String[] side(Unit unit, String parameter, String reference) {
    if ("liveState".equals(reference)) {
      String live =
          liveStates.stream()
              .map(source -> source.liveState(unit.id()))
              .flatMap(java.util.Optional::stream)
              .findFirst()
              .orElseThrow(() -> TandemException.notFound("Unit '" + unit.slug() + "' has not been observed on a target yet."));
      return new String[] {"liveState", live};
    }
    RevisionRef ref = RevisionRef.parse(parameter, reference);
    int num = ref.kind() == RevisionRef.Kind.TAG ? resolve(unit, ref) : ref.resolveAllowingEmpty(unit);
    return new String[] {Integer.toString(num), num == 0 ? "" : store.data(unit.id(), num).orElseThrow()};
  }

  private Unit change(String space, String slug, Long expectedVersion, java.util.function.Function<Unit, UnitChange> change) {
    return store
        .change(
            space,
            slug,
            current -> {
              ETags.check(expectedVersion, current.version(), "unit '" + slug + "'");
              UnitChange result = change.apply(current);
              if (result.revision() == null) {
                return result;
              }
              NewRevision resolved = resolve(current, result.revision());
              NewRevision checked = resolved.withGates(check(current.space(), current.slug(), resolved.data()));
              return new UnitChange(result.metadata(), checked, result.at());
            })
        .orElseThrow(() -> unitNotFound(space, slug));
  }

  /** The revision with what links provide filled in, and those fills among its mutations. */
  private NewRevision resolve(Unit unit, NewRevision revision) {
    NewRevision result = revision;
    for (RevisionResolver resolver : resolvers) {
      Optional<RevisionResolver.Resolved> resolved = resolver.resolve(unit, result.data());
      if (resolved.isPresent()) {
        List<Mutation> mutations = new ArrayList<>(result.mutations());
        mutations.addAll(resolved.get().mutations());
        result = new NewRevision(resolved.get().data(), result.source(), result.description(), result.author(),
            result.restoredFrom(), mutations);
      }
    }
    return result;
  }

  private List<ApplyGate> check(String space, String unit, String data) {
    return checks.stream().flatMap(check -> check.check(space, unit, data).stream()).toList();
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

  /** The gates and approvals of units' head revisions, and the units' change sets, for units that have any. */
  public record HeadChecks(
      Map<UUID, List<ApplyGate>> gates, Map<UUID, List<String>> approvals, Map<UUID, String> changeSets,
      Map<UUID, UpstreamLookup.Upstream> upstreams) {}

  public HeadChecks headChecks(List<Unit> units) {
    List<UUID> ids = units.stream().map(Unit::id).toList();
    Map<UUID, UpstreamLookup.Upstream> found = new java.util.HashMap<>();
    upstreams.forEach(lookup -> found.putAll(lookup.upstreams(ids)));
    return new HeadChecks(gates.headGates(ids), gates.headApprovals(ids), gates.changeSets(ids), found);
  }

  /** A revision's approvals, and how many its space requires. */
  public record Approval(int revisionNum, List<String> approvedBy, int requiredApprovals) {}

  /** Records the caller's approval of a revision; approving twice counts once. */
  public Approval approve(String space, String slug, RevisionRef ref, String approver) {
    Unit unit = get(space, slug);
    int num = resolve(unit, ref);
    gates.approve(unit.id(), num, approver, now());
    return new Approval(num, gates.approvals(unit.id(), num), spaces.get(space).requiredApprovals());
  }

  /**
   * Why revision {@code num} of the unit may not be applied: its gates, and too few approvals; empty when it may.
   */
  public List<String> applyBlockers(Unit unit, int num) {
    List<String> reasons = new ArrayList<>();
    gates.gates(unit.id(), num).forEach(gate -> reasons.add(gate.describe()));
    int required = spaces.get(unit.space()).requiredApprovals();
    List<String> approvals = gates.approvals(unit.id(), num);
    if (approvals.size() < required) {
      reasons.add("revision " + num + " has " + approvals.size() + " of the " + required + " approvals it needs"
          + (approvals.isEmpty() ? "" : " (approved by " + String.join(", ", approvals) + ")"));
    }
    return reasons;
  }

  /** Checks every unit's head revision again (after the space's triggers changed); how many are gated now. */
  public int recheckHeads(String space) {
    int gated = 0;
    for (UnitStore.UnitKey key : select(space, UnitFilter.ALL)) {
      Unit unit = get(key.space(), key.unit());
      List<ApplyGate> found = check(unit.space(), unit.slug(), unit.data());
      gates.recordGates(unit.id(), unit.headRevisionNum(), found);
      gated += found.isEmpty() ? 0 : 1;
    }
    return gated;
  }

  private UnitMetadata patchMetadata(Unit current, MergePatch patch) {
    UnitMetadata metadata = current.metadata();
    String displayName = metadata.displayName();
    if (patch.has("displayName")) {
      displayName = displayNameOrSlug(patch.text("displayName"), current.slug());
    }
    String target = metadata.target();
    if (patch.has("target")) {
      String value = patch.text("target");
      target = value == null ? null : Slugs.require("target", value);
    }
    DriftMode driftMode = metadata.driftMode();
    if (patch.has("driftMode")) {
      String value = patch.text("driftMode");
      driftMode = value == null ? spaces.get(current.space()).driftMode() : DriftMode.parse("driftMode", value);
    }
    Map<String, String> labels = Labels.require(patch.mergeMap("labels", metadata.labels()));
    return new UnitMetadata(displayName, labels, target, driftMode);
  }

  private NewRevision dataRevision(
      Unit current,
      String data,
      List<KubernetesResource> resources,
      RevisionSource source,
      String description,
      String author,
      Integer restoredFrom,
      String by) {
    List<KubernetesResource> before = ParsedContent.parse(current.data());
    return new NewRevision(
        data,
        source,
        descriptionOr(description, ""),
        author,
        restoredFrom,
        mutations(before, resources, by));
  }

  private static List<Mutation> mutations(List<KubernetesResource> before, List<KubernetesResource> after, String by) {
    return StructuralDiff.between(before, after).stream().map(change -> Mutation.of(change, by)).toList();
  }

  private List<KubernetesResource> parseData(String data) {
    long size = data.getBytes(StandardCharsets.UTF_8).length;
    if (size > maxDataBytes) {
      throw new TandemException(
          ProblemCode.PAYLOAD_TOO_LARGE,
          "Unit data is " + size + " bytes; the limit is " + maxDataBytes + " bytes.");
    }
    return ParsedContent.parse(data, maxDataBytes);
  }

  private TandemException unitNotFound(String space, String slug) {
    spaces.get(space); // says which of the two is missing
    return TandemException.notFound("Unit '" + slug + "' does not exist in space '" + space + "'.");
  }

  private static String displayNameOrSlug(String displayName, String slug) {
    return displayName == null || displayName.isBlank() ? slug : displayName;
  }

  private static String descriptionOr(String description, String fallback) {
    return description == null || description.isBlank() ? fallback : description;
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }
}
