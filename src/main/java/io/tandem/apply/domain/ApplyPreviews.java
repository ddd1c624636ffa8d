package io.tandem.apply.domain;

import io.tandem.apply.domain.ApplyPreview.Operation;
import io.tandem.apply.domain.ApplyPreview.PreviewObject;
import io.tandem.common.access.AccessCheck;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.Hooks;
import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.KubernetesYaml;
import io.tandem.common.yaml.LiveCleaner;
import io.tandem.common.yaml.ObjectKey;
import io.tandem.common.yaml.ResourceChange;
import io.tandem.common.yaml.SecretMasker;
import io.tandem.common.yaml.StructuralDiff;
import io.tandem.common.yaml.UnifiedDiff;
import io.tandem.space.domain.IgnoreRules;
import io.tandem.targets.domain.ClusterClient;
import io.tandem.targets.domain.ClusterSession;
import io.tandem.targets.domain.DryRun;
import io.tandem.targets.domain.Target;
import io.tandem.targets.domain.TargetGrants;
import io.tandem.targets.domain.TargetService;
import io.tandem.targets.domain.TargetUse;
import io.tandem.unit.domain.GatesAndApprovals;
import io.tandem.unit.domain.ReconcileStore;
import io.tandem.unit.domain.RevisionRef;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitQueries;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;

/**
 * Previews an apply: runs it on the unit's target with {@code dryRun=All} and compares each object as it is now with
 * the object the API server would store. Both carry the server's defaults, and server-managed fields are cleaned from
 * both, so only the paths the apply would change show. Writes nothing, records nothing, queues nothing.
 */
@Service
public class ApplyPreviews {

  private final UnitQueries units;
  private final GatesAndApprovals gates;
  private final TargetService targets;
  private final ObjectOwnership ownership;
  private final ClusterClient cluster;
  private final AccessCheck access;
  private final TargetGrants grants;
  private final ReconcileStore reconcile;

  ApplyPreviews(UnitQueries units, GatesAndApprovals gates, TargetService targets, ObjectOwnership ownership,
      ClusterClient cluster, AccessCheck access, ReconcileStore reconcile, TargetGrants grants) {
    this.reconcile = reconcile;
    this.grants = grants;
    this.units = units;
    this.gates = gates;
    this.targets = targets;
    this.ownership = ownership;
    this.cluster = cluster;
    this.access = access;
  }

  /**
   * Previews an apply of the unit's revision to its target: what would change in each object.
   *
   * @param takeOver as the apply would be asked: without it, objects another unit applied are a gate
   * @throws TandemException {@code conflict} when the unit has no target; {@code not-found} for a bad revision;
   *     {@code target-unreachable} when the cluster cannot be reached or read
   */
  public ApplyPreview preview(String space, String slug, RevisionRef revision, boolean takeOver) {
    Unit unit = units.get(space, slug);
    String targetSlug = unit.metadata().target();
    if (targetSlug == null) {
      throw TandemException.conflict("Unit '" + slug + "' has no target to preview an apply on; set its target first.");
    }
    int num = units.resolve(unit, revision);
    String full = units.dataAt(unit, num);
    String data = Hooks.withoutHooks(full);
    String previous = Hooks.withoutHooks(units.dataAt(unit, unit.liveRevisionNum()));
    Target target = targets.get(targetSlug);
    List<String> blockers = new ArrayList<>(gates.applyBlockers(unit, num));
    Map<ObjectKey, ObjectOwner> owned = ownership.ownedByOthers(target, unit.id(), ownership.keys(target, data));
    if (!takeOver && !owned.isEmpty()) {
      blockers.add(ObjectOwnership.describe(owned) + " belong to other units (apply with takeOver=true to take them)");
    }
    Set<ObjectKey> spare = ownership.ownedByOthers(target, unit.id(), ownership.keys(target, previous)).keySet();
    // before the dry run: the object it answers with is the one on the cluster, merged
    grants.requireApply(space, targetSlug, ownership.keys(target, full));
    DryRun dryRun;
    try (ClusterSession session = targets.connect(targetSlug, space, TargetUse.APPLY)) {
      dryRun = session.dryRun(data, previous, spare);
    } catch (TandemException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new TandemException(ProblemCode.TARGET_UNREACHABLE,
          "Target '" + targetSlug + "' could not be reached or read: " + cluster.describe(e) + ". Nothing was applied.");
    }
    Comparison comparison = new Comparison(!access.mayReadSecrets(space), reconcile.effectiveIgnoreRules(unit.id()));
    comparison.add(KubernetesYaml.parse(data), dryRun.objects());
    comparison.addPruned(KubernetesYaml.parse(previous), dryRun.pruned());
    return comparison.preview(targetSlug, num, slug, blockers, dryRun.takenOver());
  }

  /** The two sides of the preview, object by object, cleaned (and Secret values masked when the caller may not see them). */
  private static final class Comparison {

    private final boolean mask;
    private final IgnoreRules rules;
    private final List<KubernetesResource> before = new ArrayList<>();
    private final List<KubernetesResource> after = new ArrayList<>();
    private final List<PreviewObject> objects = new ArrayList<>();
    private final List<PreviewObject> prune = new ArrayList<>();

    Comparison(boolean mask, IgnoreRules rules) {
      this.mask = mask;
      this.rules = rules;
    }

    void add(List<KubernetesResource> identities, List<DryRun.Applied> applied) {
      for (int i = 0; i < identities.size(); i++) {
        KubernetesResource identity = identities.get(i);
        DryRun.Applied object = applied.get(i);
        KubernetesResource now = object.live() == null ? null : as(identity, object.live());
        KubernetesResource then = object.result() == null ? now : as(identity, object.result());
        if (now != null) {
          before.add(now);
        }
        if (then != null) {
          after.add(then);
        }
        Operation operation = now == null ? Operation.create
            : StructuralDiff.between(List.of(now), List.of(then)).isEmpty() ? Operation.unchanged : Operation.update;
        objects.add(new PreviewObject(identity.id(), identity.kind(), object.namespace(), identity.name(), operation,
            object.note()));
      }
    }

    void addPruned(List<KubernetesResource> identities, List<Map<String, Object>> pruned) {
      for (int i = 0; i < identities.size(); i++) {
        if (pruned.get(i) == null) {
          continue;
        }
        KubernetesResource identity = identities.get(i);
        KubernetesResource now = as(identity, pruned.get(i));
        before.add(now);
        Object namespace = now.content().get("metadata") instanceof Map<?, ?> metadata ? metadata.get("namespace") : null;
        PreviewObject deleted = new PreviewObject(identity.id(), identity.kind(),
            namespace == null ? "" : namespace.toString(), identity.name(), Operation.delete, null);
        objects.add(deleted);
        prune.add(deleted);
      }
    }

    ApplyPreview preview(String target, int revision, String slug, List<String> gates, List<String> takenOver) {
      Map<String, KubernetesResource> byId = new HashMap<>();
      before.forEach(resource -> byId.put(resource.id(), resource));
      after.forEach(resource -> byId.put(resource.id(), resource));
      Map<Boolean, List<ResourceChange>> split = StructuralDiff.between(before, after).stream()
          .map(change -> mask ? new ResourceChange(change.resource(), change.path(), change.op(),
              SecretMasker.maskAt(change.resource(), change.path(), change.from()),
              SecretMasker.maskAt(change.resource(), change.path(), change.to())) : change)
          .collect(Collectors.partitioningBy(change -> ignored(byId.get(change.resource()), change)));
      String unified = UnifiedDiff.of(slug + "@cluster", render(before), slug + "@" + revision + " (dry run)", render(after));
      return new ApplyPreview(target, revision, List.copyOf(objects), split.get(false), unified, List.copyOf(prune),
          List.copyOf(gates), List.copyOf(takenOver), split.get(true));
    }

    /** Judged by path only: the field managers of what the apply would write are not known before it. */
    private boolean ignored(KubernetesResource resource, ResourceChange change) {
      return resource != null && !change.path().isEmpty() && rules.ignores(resource.apiVersion(), resource.kind(),
          resource.namespace(), resource.name(), change.path(), Set.of());
    }

    private String render(List<KubernetesResource> resources) {
      return KubernetesYaml.render(resources.stream().map(resource -> shown(resource)).toList());
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> shown(KubernetesResource resource) {
      return mask ? (Map<String, Object>) SecretMasker.maskAt(resource.id(), "", resource.content()) : resource.content();
    }

    /** The object, cleaned of what the server manages, under the identity the unit's data gives it. */
    private static KubernetesResource as(KubernetesResource identity, Map<String, Object> object) {
      return new KubernetesResource(identity.apiVersion(), identity.kind(), identity.namespace(), identity.name(),
          LiveCleaner.clean(object), identity.document(), identity.line());
    }
  }
}
