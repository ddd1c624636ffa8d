package io.tandem.variant.domain;

import io.tandem.common.access.AccessCheck;
import io.tandem.common.access.Role;
import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.KubernetesYaml;
import io.tandem.common.yaml.ParsedContent;
import io.tandem.common.yaml.SecretMasker;
import io.tandem.common.yaml.TextPatcher;
import io.tandem.common.yaml.UpgradeMerge;
import io.tandem.unit.domain.DataEdit;
import io.tandem.unit.domain.Mutation;
import io.tandem.unit.domain.NewUnit;
import io.tandem.unit.domain.RevisionSource;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitCloner;
import io.tandem.unit.domain.UnitCommands;
import io.tandem.unit.domain.UnitFilter;
import io.tandem.unit.domain.UnitQueries;
import io.tandem.unit.domain.UnitStore.UnitKey;
import io.tandem.unit.domain.UpstreamLookup.Upstream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Variants: units cloned from an upstream unit, and upgraded from it with their own changes kept. Reading an upstream
 * needs a viewer role in its space, and a copy carries what the caller may read of it: Secret values masked unless
 * the caller may read them there (a masked value merged into a clone keeps the clone's own stored value).
 */
@Service
public class VariantService implements UnitCloner {

  private final UnitQueries units;
  private final UnitCommands commands;
  private final VariantStore store;
  private final TransactionTemplate transaction;
  private final AccessCheck access;

  VariantService(UnitQueries units, UnitCommands commands,
      VariantStore store, TransactionTemplate transaction, AccessCheck access) {
    this.units = units;
    this.commands = commands;
    this.store = store;
    this.transaction = transaction;
    this.access = access;
  }

  /**
   * Creates a unit with the upstream's head data; it records the upstream and that revision as its base, in the
   * same transaction.
   */
  @Override
  public Unit clone(String space, NewClone request, String author) {
    if (request.upstreamSpace() == null || request.upstreamUnit() == null) {
      throw TandemException.validation("Field 'upstream' needs 'space' and 'unit'.");
    }
    access.require(request.upstreamSpace(), Role.viewer);
    Unit upstream = units.get(request.upstreamSpace(), request.upstreamUnit());
    String slug = request.slug() == null ? upstream.slug() : request.slug();
    if (space.equals(upstream.space()) && slug.equals(upstream.slug())) {
      throw TandemException.validation("A unit cannot be its own upstream; give the clone another slug or space.");
    }
    String description = request.changeDescription() != null ? request.changeDescription()
        : "Clone of " + upstream.space() + "/" + upstream.slug() + " revision " + upstream.headRevisionNum();
    return transaction.execute(status -> {
      Unit clone = commands.create(space, new NewUnit(slug, request.displayName(), readable(upstream.space(), upstream.data()),
          request.labels() == null ? upstream.metadata().labels() : request.labels(), request.target(),
          request.driftMode(), description), author);
      store.link(clone.id(), upstream.id(), upstream.headRevisionNum());
      return clone;
    });
  }

  /** One clone of a bulk clone: the new unit, or why it was not made. */
  public record Cloned(String space, String unit, Unit result, TandemException error) {}

  /** Clones the units of {@code space} that the filter and names select into each of {@code toSpaces}. */
  public List<Cloned> cloneAll(String space, String where, List<String> named, List<String> toSpaces, String author) {
    if (toSpaces == null || toSpaces.isEmpty()) {
      throw TandemException.validation("Field 'toSpaces' must name at least one space.");
    }
    toSpaces.forEach(to -> access.require(to, Role.editor)); // all or nothing: refused before any clone is made
    List<Cloned> results = new ArrayList<>();
    for (UnitKey key : units.select(space, new UnitFilter(where, null, null), named)) {
      for (String to : toSpaces) {
        try {
          results.add(new Cloned(to, key.unit(),
              clone(to, new NewClone(null, space, key.unit(), null, null, null, null, null), author), null));
        } catch (TandemException e) {
          results.add(new Cloned(to, key.unit(), null, e));
        }
      }
    }
    return results;
  }

  /** What an upgrade did: the unit after it, the upstream revisions it merged, the changes taken, the conflicts. */
  public record Upgraded(Unit unit, int fromUpstreamRevision, int toUpstreamRevision, int changesApplied,
      List<UpgradeMerge.Conflict> conflicts) {}

  /**
   * Merges the upstream's changes since the unit's base into its data, as a new revision (source Upgrade), and
   * moves the base to the upstream's head, both while the unit is locked. Conflicts with {@code merge} are a 409
   * naming every path, and change nothing.
   */
  public Upgraded upgrade(String space, String slug, UpgradeMerge.Strategy strategy, String author) {
    Unit unit = units.get(space, slug);
    Upstream upstream = store.find(unit.id())
        .orElseThrow(() -> TandemException.conflict("Unit '" + slug + "' has no upstream; only clones can be upgraded."));
    access.require(upstream.space(), Role.viewer);
    Unit upstreamUnit = units.get(upstream.space(), upstream.unit());
    int from = upstream.baseRevisionNum();
    int to = upstreamUnit.headRevisionNum();
    String base = readable(upstream.space(), units.dataAt(upstreamUnit, from));
    String theirs = readable(upstream.space(), upstreamUnit.data());
    boolean maskOurs = !access.mayReadSecrets(upstream.space());
    boolean showSecrets = access.mayReadSecrets(space) && !maskOurs;
    AtomicReference<UpgradeMerge.Result> outcome = new AtomicReference<>();
    Unit upgraded = commands.editData(space, slug, author, current -> {
      // With the upstream masked, so is the unit's own data (else its Secret values would all look changed against
      // the base); its stored values come back under the mask before the merge is written.
      List<KubernetesResource> ours = ParsedContent.parse(maskOurs ? SecretMasker.mask(current.data()) : current.data());
      UpgradeMerge.Result merged = UpgradeMerge.merge(ParsedContent.parse(base), ParsedContent.parse(theirs), ours, strategy);
      UpgradeMerge.Result result = showSecrets ? merged : new UpgradeMerge.Result(merged.resources(), merged.applied(),
          merged.conflicts().stream().map(UpgradeMerge::masked).toList());
      outcome.set(result);
      if (!result.conflicts().isEmpty() && strategy == UpgradeMerge.Strategy.merge) {
        throw UpgradeMerge.conflictError("Upgrading '" + slug + "' from " + upstream.space() + "/" + upstream.unit()
            + " revision " + from + " to " + to, result.conflicts());
      }
      store.rebase(current.id(), to);
      List<KubernetesResource> resources = new ArrayList<>();
      for (int i = 0; i < result.resources().size(); i++) {
        resources.add(KubernetesYaml.resource(result.resources().get(i), i + 1));
      }
      List<KubernetesResource> wanted =
          maskOurs ? SecretMasker.keepStored(resources, ParsedContent.parse(current.data())) : resources;
      String by = "upgrade from " + upstream.space() + "/" + upstream.unit() + " " + from + "→" + to;
      List<Mutation> mutations = result.applied().stream().map(change -> Mutation.of(change, by)).toList();
      return new DataEdit(TextPatcher.patch(current.data(), wanted), RevisionSource.Upgrade,
          "Upgrade from " + upstream.space() + "/" + upstream.unit() + " revision " + from + " to " + to, mutations);
    });
    UpgradeMerge.Result result = outcome.get();
    return new Upgraded(upgraded, from, to, result.applied().size(), result.conflicts());
  }

  /**
   * Upgrades every clone of {@code space} the filter and names select; refused (403) before any upgrade when the
   * caller may not read one of their upstreams' spaces.
   */
  public List<UpgradeOutcome> upgradeAll(String space, String where, List<String> named, UpgradeMerge.Strategy strategy,
      String author) {
    List<UnitKey> selected = units.select(space, new UnitFilter(where, null, null), named);
    Set<String> upstreamSpaces = new LinkedHashSet<>();
    for (UnitKey key : selected) {
      store.find(units.get(key.space(), key.unit()).id()).ifPresent(upstream -> upstreamSpaces.add(upstream.space()));
    }
    upstreamSpaces.forEach(upstreamSpace -> access.require(upstreamSpace, Role.viewer));
    List<UpgradeOutcome> results = new ArrayList<>();
    for (UnitKey key : selected) {
      try {
        results.add(new UpgradeOutcome(key.unit(), upgrade(space, key.unit(), strategy, author), null));
      } catch (TandemException e) {
        results.add(new UpgradeOutcome(key.unit(), null, e));
      }
    }
    return results;
  }

  /** One unit's outcome of {@link #upgradeAll}: what the upgrade did, or why it failed (the unit was left as it was). */
  public record UpgradeOutcome(String unit, Upgraded result, TandemException error) {}

  /** Data of {@code space} as the caller may read it: Secret values masked unless it may read them there. */
  private String readable(String space, String data) {
    return access.mayReadSecrets(space) ? data : SecretMasker.mask(data);
  }
}
