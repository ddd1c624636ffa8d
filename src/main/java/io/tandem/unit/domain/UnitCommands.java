package io.tandem.unit.domain;

import io.tandem.common.concurrency.ExpectedVersion;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.naming.Labels;
import io.tandem.common.naming.Slugs;
import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.ParsedContent;
import io.tandem.common.yaml.SecretMasker;
import io.tandem.space.domain.DriftMode;
import io.tandem.space.domain.Space;
import io.tandem.space.domain.SpaceService;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Changes to units: every change of data is one new revision, written in one transaction with the new head, its gates
 * and what the database records with them (events, the Git outbox). A change locks the unit's row first, so that it is
 * computed from the current head, and moves the head only when the version is still the one read (If-Match). Data
 * written over a head keeps the head's Secret values where it holds the mask ({@link SecretMasker#keepStored}), so
 * that what a masked read gave can be written back without losing them.
 */
@Service
@Transactional
public class UnitCommands {

  private final UnitStore store;
  private final UnitQueries units;
  private final SpaceService spaces;
  private final RevisionCompleter completer;
  private final RevisionDrafts drafts;
  private final LiveGates gates;
  private final ChangeWriter writer;

  UnitCommands(UnitStore store, UnitQueries units, SpaceService spaces, RevisionCompleter completer,
      RevisionDrafts drafts, LiveGates gates, ChangeWriter writer) {
    this.store = store;
    this.units = units;
    this.spaces = spaces;
    this.completer = completer;
    this.drafts = drafts;
    this.gates = gates;
    this.writer = writer;
  }

  public Unit create(String spaceSlug, NewUnit request, String author) {
    return create(spaceSlug, request, author, RevisionSource.Create)
        .orElseThrow(() -> new TandemException(ProblemCode.ALREADY_EXISTS,
            "Unit '" + request.slug() + "' already exists in space '" + spaceSlug + "'."));
  }

  /**
   * Creates the unit from imported data, or gives an existing one the data as a new revision (source Import); no
   * revision when the data is byte-identical to the head. {@code target} applies only to a unit created here.
   */
  public Imported importUnit(String spaceSlug, String slug, String data, String target, String description, String author) {
    if (store.find(spaceSlug, slug, false).isEmpty()) {
      Optional<Unit> created =
          create(spaceSlug, new NewUnit(slug, null, data, null, target, null, description), author, RevisionSource.Import);
      if (created.isPresent()) {
        return new Imported(created.get(), Imported.Outcome.Created);
      }
    }
    drafts.parse(data);
    Unit before = units.get(spaceSlug, slug);
    Unit after =
        writer.changed(spaceSlug, slug, null, current -> {
          String kept = SecretMasker.keepStored(data, current.data());
          return kept.equals(current.data())
              ? UnitChange.none()
              : new UnitChange(null,
                  drafts.draft(current, kept, ParsedContent.parse(kept), RevisionSource.Import, description, author, null, "import"),
                  drafts.now());
        });
    return new Imported(
        after, after.headRevisionNum() == before.headRevisionNum() ? Imported.Outcome.Unchanged : Imported.Outcome.Updated);
  }

  /** Creates a unit from imported data (revision 1, source Import); empty when a unit of that slug exists already. */
  public Optional<Unit> createImported(String spaceSlug, NewUnit request, String author) {
    return create(spaceSlug, request, author, RevisionSource.Import);
  }

  /** Empty when a unit of that slug exists already. */
  private Optional<Unit> create(String spaceSlug, NewUnit request, String author, RevisionSource source) {
    Space space = spaces.get(spaceSlug);
    Slugs.require("slug", request.slug());
    if (request.data() == null) {
      throw TandemException.validation("Field 'data' is required (the unit's YAML; it may be empty).");
    }
    List<KubernetesResource> resources = drafts.parse(request.data());
    UnitMetadata metadata =
        new UnitMetadata(
            RevisionDrafts.displayNameOrSlug(request.displayName(), request.slug()),
            Labels.require(request.labels()),
            request.target() == null ? null : Slugs.require("target", request.target()),
            request.driftMode() == null ? space.driftMode() : DriftMode.parse("driftMode", request.driftMode()));
    Instant now = drafts.now();
    Unit unit =
        new Unit(UUID.randomUUID(), space.slug(), request.slug(), metadata, 1, 1, 0, 0, 0, Drift.None, now, now,
            request.data());
    NewRevision first =
        new NewRevision(
            request.data(),
            source,
            RevisionDrafts.descriptionOr(request.changeDescription(), "Create unit " + request.slug()),
            author,
            null,
            RevisionDrafts.mutations(List.of(), resources, "create"));
    return store.insert(space.id(), unit, first.withGates(completer.gates(space.slug(), unit.slug(), first.data())))
        ? Optional.of(unit)
        : Optional.empty();
  }

  /**
   * A merge patch over the unit's metadata and/or data; a new revision only when the data changes. Transactions as
   * {@link #putData}'s.
   */
  @Transactional(propagation = Propagation.SUPPORTS)
  public UnitView patch(String space, String slug, UnitPatch patch, Long expectedVersion, String author) {
    return patch(space, slug, patch, false, null, expectedVersion, author);
  }

  /**
   * With {@code moveObjects}: a change of the target of a unit with objects on its target moves them (destroy there,
   * then apply on the new one, queued with the change); without, such a change is refused with {@code unit-is-live}.
   * A move must be confirmed ({@code confirm}: the unit's slug) while the space's destroy gate is on.
   */
  @Transactional(propagation = Propagation.SUPPORTS)
  public UnitView patch(String space, String slug, UnitPatch patch, boolean moveObjects, String confirm,
      Long expectedVersion, String author) {
    String data = null;
    List<KubernetesResource> resources = null;
    if (patch.has(UnitPatch.Field.DATA)) {
      data = patch.data();
      if (data == null) {
        throw TandemException.validation("Field 'data' cannot be null; send an empty string for a unit with no objects.");
      }
      resources = drafts.parse(data);
    }
    String newData = data;
    List<KubernetesResource> newResources = resources;
    Function<Unit, UnitChange> change = current -> {
      UnitMetadata metadata = patchMetadata(current, patch);
      gates.retarget(current, metadata.target(), moveObjects, confirm);
      NewRevision revision = null;
      String kept = SecretMasker.keepStored(newData, current.data());
      if (kept != null && !kept.equals(current.data())) {
        List<KubernetesResource> keptResources = kept.equals(newData) ? newResources : ParsedContent.parse(kept);
        revision = drafts.draft(current, kept, keptResources, RevisionSource.Update, patch.changeDescription(), author,
            null, "update");
      }
      return new UnitChange(metadata.equals(current.metadata()) ? null : metadata, revision, drafts.now());
    };
    // a new target reads what is live on the old one, and may queue moves
    return patch.has(UnitPatch.Field.TARGET)
        ? writer.change(space, slug, expectedVersion, change)
        : writer.changeFromLastWritten(space, slug, expectedVersion, change);
  }

  /**
   * Replaces the unit's data; no revision when it is byte-identical to the head. In the caller's transaction if there
   * is one; else the write from this server's last write of the unit commits by itself, and only a write under the
   * lock takes a transaction ({@link ChangeWriter}).
   */
  @Transactional(propagation = Propagation.SUPPORTS)
  public UnitView putData(String space, String slug, String data, String description, Long expectedVersion,
      String author) {
    List<KubernetesResource> resources = drafts.parse(data);
    return writer.changeFromLastWritten(space, slug, expectedVersion, current -> {
      String kept = SecretMasker.keepStored(data, current.data());
      return kept.equals(current.data())
          ? UnitChange.none()
          : new UnitChange(
              null,
              drafts.draft(current, kept, kept.equals(data) ? resources : ParsedContent.parse(kept), RevisionSource.Update,
                  description, author, null, "update"),
              drafts.now());
    });
  }

  /** A new head revision with the data of {@code ref}; the cluster is not touched. */
  public UnitView restore(String space, String slug, RevisionRef ref, String description, Long expectedVersion,
      String author) {
    return writer.change(space, slug, expectedVersion, current -> {
      int num = units.resolve(current, ref);
      String data = store.data(current.id(), num).orElseThrow();
      return new UnitChange(
          null,
          drafts.draft(current, data, ParsedContent.parse(data), RevisionSource.Restore,
              RevisionDrafts.descriptionOr(description, "Restore revision " + num), author, num, "restore of " + num),
          drafts.now());
    });
  }

  /**
   * Changes a unit's data with an edit computed from its current state while the unit is locked, so that the edit
   * never works on a stale head; {@code null} from the edit means no change. The edited data is validated as any
   * other; no revision when it is unchanged.
   */
  public Unit editData(String space, String slug, String author, Function<Unit, DataEdit> edit) {
    return writer.changed(space, slug, null, dataEdit(author, edit));
  }

  /** The units of a space as {@link #editData(UnitStore.Base, String, Function)} starts from them, by slug. */
  @Transactional(propagation = Propagation.SUPPORTS)
  public Map<String, UnitStore.Base> readForEdits(String space, Collection<String> slugs) {
    return store.read(space, slugs).stream().collect(Collectors.toMap(base -> base.unit().slug(), base -> base));
  }

  /**
   * As {@link #editData(String, String, String, Function)}, first from the unit as {@link #readForEdits} read it
   * (no lock, and outside a transaction one statement that commits by itself); computed again under the lock when
   * anything wrote the unit since. An edit that changes nothing reports the unit as read.
   */
  @Transactional(propagation = Propagation.SUPPORTS)
  public Unit editData(UnitStore.Base read, String author, Function<Unit, DataEdit> edit) {
    return writer.changedFromRead(read, dataEdit(author, edit));
  }

  private Function<Unit, UnitChange> dataEdit(String author, Function<Unit, DataEdit> edit) {
    return current -> {
      DataEdit result = edit.apply(current);
      if (result == null) {
        return UnitChange.none();
      }
      drafts.parse(result.data());
      String kept = SecretMasker.keepStored(result.data(), current.data());
      if (kept.equals(current.data())) {
        return UnitChange.none();
      }
      return new UnitChange(
          null,
          new NewRevision(kept, result.source(), RevisionDrafts.descriptionOr(result.description(), ""), author, null,
              result.mutations()),
          drafts.now());
    };
  }

  /**
   * Deletes the unit and its revisions; refused (409) while it is live on a target, unless {@code force}; and then,
   * while it has objects there and its space's destroy gate is on, unless {@code confirm} is its slug.
   */
  public void delete(String space, String slug, boolean force, String confirm, Long expectedVersion) {
    Unit current = store.lock(space, slug).orElseThrow(() -> units.unitNotFound(space, slug)).unit();
    ExpectedVersion.check(expectedVersion, current.version(), "unit '" + slug + "'");
    if (!force && current.metadata().target() != null && current.liveRevisionNum() > 0) {
      throw TandemException.conflict(
          "Unit '" + slug + "' is live on target '" + current.metadata().target()
              + "'; destroy it first, or pass force=true (and confirm=" + slug + ") to delete it and leave its objects"
              + " on the cluster.");
    }
    gates.confirmDelete(current, confirm);
    store.delete(current.id());
  }

  /** See {@link UnitStore#recordApply}. */
  public void recordApply(UUID unitId, int lastApplied, Integer live) {
    store.recordApply(unitId, lastApplied, live);
  }

  /** See {@link UnitStore#recordDestroyed}. */
  public void recordDestroyed(UUID unitId) {
    store.recordDestroyed(unitId);
  }

  private UnitMetadata patchMetadata(Unit current, UnitPatch patch) {
    UnitMetadata metadata = current.metadata();
    String displayName = metadata.displayName();
    if (patch.has(UnitPatch.Field.DISPLAY_NAME)) {
      displayName = RevisionDrafts.displayNameOrSlug(patch.displayName(), current.slug());
    }
    String target = metadata.target();
    if (patch.has(UnitPatch.Field.TARGET)) {
      target = patch.target() == null ? null : Slugs.require("target", patch.target());
    }
    DriftMode driftMode = metadata.driftMode();
    if (patch.has(UnitPatch.Field.DRIFT_MODE)) {
      driftMode = patch.driftMode() == null ? spaces.get(current.space()).driftMode() : patch.driftMode();
    }
    Map<String, String> labels = Labels.require(patch.mergeLabels(metadata.labels()));
    return new UnitMetadata(displayName, labels, target, driftMode);
  }
}
