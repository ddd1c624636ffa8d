package io.tandem.imports.domain;

import io.tandem.apply.domain.ApplyObserver;
import io.tandem.apply.domain.ObjectOwner;
import io.tandem.apply.domain.ObjectOwnership;
import io.tandem.common.access.AccessCheck;
import io.tandem.common.access.Role;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.KubernetesYaml;
import io.tandem.common.yaml.ObjectKey;
import io.tandem.live.LiveProperties;
import io.tandem.space.domain.SpaceService;
import io.tandem.targets.domain.ClusterClient;
import io.tandem.targets.domain.ClusterListing;
import io.tandem.targets.domain.ClusterSession;
import io.tandem.targets.domain.Target;
import io.tandem.targets.domain.TargetGrant;
import io.tandem.targets.domain.TargetGrants;
import io.tandem.targets.domain.TargetService;
import io.tandem.targets.domain.TargetUse;
import io.tandem.unit.domain.NewUnit;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitCommands;
import io.tandem.unit.domain.UnitFilter;
import io.tandem.unit.domain.UnitQueries;
import io.tandem.unit.domain.UnitStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Imports the objects of a live cluster into units that are born live: each unit (source Import, revision 1) has the
 * cluster's target, is recorded as applied at revision 1 and owns its objects on the target, and its baseline is the
 * objects as they were read, as if it had just been applied; so a refresh right after finds no drift and an apply
 * right after changes nothing. Every unit is made in a transaction of its own: one that fails (its name was taken
 * meanwhile, another unit claimed one of its objects) fails alone.
 *
 * <p>Reading a cluster into a space needs {@code applier} in it besides the {@code editor} of the route: the import
 * reads the target (a refresh, which an applier may ask for) and takes its objects for units (as only an apply does).
 */
@Service
public class ClusterImports {

  public enum Outcome { Created, Planned, Failed }

  public record Request(String target, List<String> namespaces, List<String> kinds, String labelSelector,
      List<String> names, String groupBy, boolean dryRun) {}

  public record ObjectRef(String apiVersion, String kind, String namespace, String name) {}

  /** A unit created (or planned, in a dry run), or why it could not be. */
  public record UnitResult(String unit, Outcome outcome, Integer revisionNum, List<ObjectRef> objects, String reason) {}

  /** An object selected but not imported; {@code unit} names the unit that holds it, when that is why. */
  public record Skipped(ObjectRef object, String reason, String unit) {}

  /**
   * What an import made (or would make, in a dry run) of the selected objects.
   *
   * @param unread kinds that could not be listed, with why
   */
  public record Report(String target, boolean dryRun, List<UnitResult> units, List<Skipped> skipped, List<String> unread) {}

  private final SpaceService spaces;
  private final AccessCheck access;
  private final TargetService targets;
  private final ClusterClient cluster;
  private final ObjectOwnership ownership;
  private final UnitQueries units;
  private final UnitCommands commands;
  private final List<ApplyObserver> observers;
  private final TransactionTemplate transaction;
  private final Set<String> controllers;
  private final TargetGrants grants;

  ClusterImports(SpaceService spaces, AccessCheck access, TargetService targets, ClusterClient cluster,
      ObjectOwnership ownership, UnitQueries units, UnitCommands commands, List<ApplyObserver> observers,
      TransactionTemplate transaction, LiveProperties live, TargetGrants grants) {
    this.grants = grants;
    this.spaces = spaces;
    this.access = access;
    this.targets = targets;
    this.cluster = cluster;
    this.ownership = ownership;
    this.units = units;
    this.commands = commands;
    this.observers = observers;
    this.transaction = transaction;
    this.controllers = Set.copyOf(live.ignoredManagers());
  }

  /**
   * Imports the selected objects of the target's cluster into new units of the space, or plans them in a dry run.
   *
   * @throws TandemException {@code not-found} for an unknown space or target; {@code forbidden} without {@code
   *     applier} in the space; {@code validation-failed} for a bad selection or grouping, or a kind the cluster does
   *     not serve; {@code target-unreachable} when the cluster cannot be read (nothing is imported then)
   */
  public Report importUnits(String space, Request request, String author) {
    spaces.get(space);
    access.require(space, Role.applier);
    ImportSelection selection = ImportSelection.of(request);
    Target target = targets.get(selection.target());
    TargetGrant grant = grants.require(space, target.slug(), TargetUse.IMPORT);
    List<String> outside = selection.namespaces().stream().filter(namespace -> !grant.allowsNamespace(namespace)).toList();
    if (!outside.isEmpty()) {
      throw new TandemException(ProblemCode.TARGET_NOT_ALLOWED, "The grant of space '" + space + "' on target '"
          + target.slug() + "' does not cover namespace(s) " + String.join(", ", outside) + ".");
    }
    try (ClusterSession session = targets.connect(target.slug(), space, TargetUse.IMPORT)) {
      Sorted sorted = sort(target, grant, read(session, selection), selection);
      Set<String> taken = units.select(space, UnitFilter.ALL).stream().map(UnitStore.UnitKey::unit).collect(Collectors.toSet());
      List<UnitResult> results = new ArrayList<>();
      for (Grouping.Unit planned : Grouping.units(sorted.objects(), selection.groupBy(), taken)) {
        results.add(planned.slug() == null ? result(planned, Outcome.Failed, null, planned.failure())
            : request.dryRun() ? result(planned, Outcome.Planned, null, null)
            : create(space, target, planned, author));
      }
      return new Report(target.slug(), request.dryRun(), results, sorted.skipped(), sorted.unread());
    }
  }

  private ClusterListing read(ClusterSession session, ImportSelection selection) {
    try {
      return session.list(selection.objects());
    } catch (TandemException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new TandemException(ProblemCode.TARGET_UNREACHABLE, "Target '" + session.target().slug()
          + "' could not be reached or read: " + cluster.describe(e) + ". Nothing was imported.");
    }
  }

  /** What was read, sorted into the objects to import and those left out. */
  private record Sorted(List<ImportObject> objects, List<Skipped> skipped, List<String> unread) {}

  /**
   * Objects in namespaces the grant does not name are left out unseen, not even named; Secrets are skipped unless the
   * grant brings their values.
   */
  private Sorted sort(Target target, TargetGrant grant, ClusterListing listing, ImportSelection selection) {
    List<ImportObject> candidates = new ArrayList<>();
    List<Skipped> skipped = new ArrayList<>();
    for (Map<String, Object> live : listing.objects()) {
      ObjectRef ref = ref(ImportObject.of(live, Map.of()));
      if ((selection.namespaces().isEmpty() && LeftOut.CLUSTER_NAMESPACES.contains(ref.namespace()))
          || !grant.allowsNamespace(ref.namespace() == null ? "" : ref.namespace())) {
        continue;
      }
      String reason = !grant.secrets() && "v1".equals(ref.apiVersion()) && "Secret".equals(ref.kind())
          ? "A Secret: the grant of space '" + grant.space() + "' on target '" + target.slug() + "' does not bring"
              + " Secret values into it."
          : selection.named() ? null : LeftOut.reason(live);
      AsWritten.Result written = reason == null ? AsWritten.of(live, controllers) : null;
      if (written != null && written.object() == null) {
        reason = selection.named() ? null : LeftOut.onlyControllers(written.controllers());
        written = reason == null ? new AsWritten.Result(AsWritten.cleaned(live), List.of()) : written;
      }
      if (reason != null) {
        skipped.add(new Skipped(ref, reason, null));
      } else {
        candidates.add(ImportObject.of(live, written.object()));
      }
    }
    Map<ObjectKey, ObjectOwner> held = ownership.held(target, candidates.stream().map(ImportObject::key).toList());
    List<ImportObject> objects = new ArrayList<>();
    for (ImportObject candidate : candidates) {
      ObjectOwner holder = held.get(candidate.key());
      if (holder == null) {
        objects.add(candidate);
      } else {
        skipped.add(new Skipped(ref(candidate), "Unit '" + holder + "' holds it already (it applied or imported it).",
            holder.toString()));
      }
    }
    return new Sorted(objects, skipped, listing.unread());
  }

  /** Makes the unit, live, in one transaction; then tells the observers of applies, as an apply would. */
  private UnitResult create(String space, Target target, Grouping.Unit planned, String author) {
    String data = KubernetesYaml.renderForPeople(planned.objects().stream().map(ImportObject::written).toList());
    String description = "Imported from the cluster of target '" + target.slug() + "'";
    Unit unit;
    try {
      unit = transaction.execute(status -> {
        Unit created = commands.createImported(space,
                new NewUnit(planned.slug(), null, data, null, target.slug(), null, description), author)
            .orElseThrow(() -> TandemException.conflict("Unit '" + planned.slug() + "' was made meanwhile."));
        commands.recordApply(created.id(), 1, 1);
        ownership.claim(target, created.id(), ownership.keys(target, data), false);
        return created;
      });
    } catch (TandemException e) {
      return result(planned, Outcome.Failed, null, e.getMessage());
    }
    // the objects as listed: what the unit's data was made of, so a change made since shows at the next refresh
    // instead of being taken for the baseline
    List<Map<String, Object>> listed = planned.objects().stream().map(ImportObject::live).toList();
    observers.forEach(observer -> observer.applied(unit, target, data, listed));
    return result(planned, Outcome.Created, unit.headRevisionNum(), null);
  }

  private static UnitResult result(Grouping.Unit planned, Outcome outcome, Integer revision, String reason) {
    return new UnitResult(planned.slug(), outcome, revision, planned.objects().stream().map(ClusterImports::ref).toList(), reason);
  }

  private static ObjectRef ref(ImportObject object) {
    return new ObjectRef(object.apiVersion(), object.kind(), object.namespace(), object.name());
  }
}
