package io.tandem.targets.cluster;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.api.model.StatusCause;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.tandem.common.config.JsonColumns;
import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.ObjectKey;
import io.tandem.common.yaml.ParsedContent;
import io.tandem.targets.domain.ApplyReport;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Puts a unit's objects onto a cluster with server-side apply (field manager {@code tandem}, conflicts forced), in
 * dependency order, and deletes what the previously applied data had and the new data does not (prune), except the
 * objects another unit has applied since.
 */
public final class ClusterApplier {

  public static final String FIELD_MANAGER = "tandem";
  private static final Set<String> FIRST = Set.of("Namespace", "CustomResourceDefinition");
  private static final java.time.Duration ESTABLISHED_WAIT = java.time.Duration.ofSeconds(30);
  /**
   * Reads objects without a client: the same model classes, so the same namespace defaulting, as a client's. Every
   * client ({@link ClusterConnector}) shares it: one of their own would learn each model class again, by reflection,
   * for every action.
   */
  static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();
  private static final Map<String, Boolean> NAMESPACED = new ConcurrentHashMap<>();

  private ClusterApplier() {}

  /**
   * @param spare objects never to delete (another unit applied them), though the previous data has them and the new
   *     data does not
   */
  static ApplyReport apply(KubernetesClient client, String defaultNamespace, String data, String previousData, Set<ObjectKey> spare) {
    List<String> applied = new ArrayList<>();
    List<String> deleted = new ArrayList<>();
    List<String> takenOver = new ArrayList<>();
    List<ObjectKey> spared = new ArrayList<>();
    List<HasMetadata> inData = inDataOrder(client.getKubernetesSerialization(), data, defaultNamespace);
    IdentityHashMap<HasMetadata, HasMetadata> stored = new IdentityHashMap<>();
    String current = null;
    try {
      for (HasMetadata object : inApplyOrder(inData)) {
        current = describe(object);
        stored.put(object, serverSideApply(client, object, current, takenOver, false));
        if (object.getKind().equals("CustomResourceDefinition")) {
          established(client, object.getMetadata().getName());
        }
        applied.add(current);
      }
      List<String> wanted = inData.stream().map(ClusterApplier::describe).toList();
      List<HasMetadata> previous = new ArrayList<>(objects(client, previousData, defaultNamespace));
      java.util.Collections.reverse(previous); // delete dependants before what they depend on
      for (HasMetadata object : previous) {
        if (!wanted.contains(describe(object))) {
          current = describe(object);
          deleteUnlessSpared(client, object, spare, deleted, spared);
        }
      }
      List<Map<String, Object>> answered = inData.stream().map(object -> asMap(client, stored.get(object))).toList();
      return new ApplyReport(applied, deleted, takenOver, spared, null, null, false, answered);
    } catch (RuntimeException e) {
      return new ApplyReport(applied, deleted, takenOver, spared, current, ClusterConnector.describe(e),
          applied.isEmpty() && deleted.isEmpty() && ClusterConnector.notConnected(e));
    }
  }

  private static void deleteUnlessSpared(
      KubernetesClient client, HasMetadata object, Set<ObjectKey> spare, List<String> deleted, List<ObjectKey> spared) {
    if (spare.contains(keyOf(object))) {
      spared.add(keyOf(object));
      return;
    }
    client.resource(object).delete();
    deleted.add(describe(object));
  }

  /**
   * Applies without taking fields from other managers first; where the API server answers with a conflict, applies
   * again with conflicts forced, as Tandem's configuration is what the cluster must run, and records which fields it
   * took from whom ({@code .spec.replicas from kubectl}), so that the action says so. With {@code dryRun} the API
   * server only answers what it would store.
   *
   * @return the object as the API server stored it (or would store it)
   */
  static HasMetadata serverSideApply(
      KubernetesClient client, HasMetadata object, String described, List<String> takenOver, boolean dryRun) {
    try {
      return client.resource(object).dryRun(dryRun).fieldManager(FIELD_MANAGER).serverSideApply();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        throw e;
      }
      HasMetadata applied = client.resource(object).dryRun(dryRun).fieldManager(FIELD_MANAGER).forceConflicts()
          .serverSideApply();
      List<StatusCause> causes = e.getStatus() == null || e.getStatus().getDetails() == null ? List.of()
          : e.getStatus().getDetails().getCauses();
      for (StatusCause cause : causes) {
        takenOver.add(described + " " + cause.getField() + " (" + managerIn(cause.getMessage()) + ")");
      }
      return applied;
    }
  }

  /** The manager a conflict names: {@code conflict with "kubectl" using apps/v1} gives {@code kubectl}. */
  static String managerIn(String message) {
    int start = message == null ? -1 : message.indexOf('"');
    int end = start < 0 ? -1 : message.indexOf('"', start + 1);
    return end > start ? message.substring(start + 1, end) : "another field manager";
  }

  /**
   * Waits until the API server serves a definition's resources: a custom resource applied before its definition is
   * Established is refused (its kind is not known yet).
   */
  private static void established(KubernetesClient client, String name) {
    client.apiextensions().v1().customResourceDefinitions().withName(name).waitUntilCondition(crd -> crd != null
        && crd.getStatus() != null && crd.getStatus().getConditions() != null
        && crd.getStatus().getConditions().stream().anyMatch(c -> c.getType().equals("Established") && c.getStatus().equals("True")),
        ESTABLISHED_WAIT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
  }

  /** Deletes the objects of {@code data}, dependants first, except those in {@code spare} (another unit's). */
  static ApplyReport destroy(KubernetesClient client, String defaultNamespace, String data, Set<ObjectKey> spare) {
    List<String> deleted = new ArrayList<>();
    List<ObjectKey> spared = new ArrayList<>();
    List<HasMetadata> objects = new ArrayList<>(objects(client, data, defaultNamespace));
    java.util.Collections.reverse(objects);
    String current = null;
    try {
      for (HasMetadata object : objects) {
        current = describe(object);
        deleteUnlessSpared(client, object, spare, deleted, spared);
      }
      return new ApplyReport(List.of(), deleted, List.of(), spared, null, null);
    } catch (RuntimeException e) {
      return new ApplyReport(List.of(), deleted, List.of(), spared, current, ClusterConnector.describe(e),
          deleted.isEmpty() && ClusterConnector.notConnected(e));
    }
  }

  /**
   * The unit's objects as the cluster has them now, in the order of {@code data}; {@code null} for an object that
   * is not there. Throws when the cluster cannot be read.
   */
  static List<Map<String, Object>> read(KubernetesClient client, String defaultNamespace, String data) {
    List<Map<String, Object>> live = new ArrayList<>();
    for (KubernetesResource resource : ParsedContent.parse(data)) {
      HasMetadata object = toObject(client, resource, defaultNamespace);
      live.add(asMap(client, client.resource(object).get()));
    }
    return live;
  }

  private static Map<String, Object> asMap(KubernetesClient client, HasMetadata object) {
    return object == null ? null : JsonColumns.readMap(client.getKubernetesSerialization().asJson(object));
  }

  /**
   * Which objects {@code data} names on a target whose namespace is {@code defaultNamespace}: one per resource, in
   * the order of {@code data}.
   */
  static List<ObjectKey> keys(String data, String defaultNamespace) {
    return ParsedContent.parse(data).stream()
        .map(resource -> ObjectKey.of(resource.apiVersion(), resource.kind(), resource.namespace() == null
            && namespaced(resource.apiVersion(), resource.kind()) ? orDefault(defaultNamespace) : resource.namespace(),
            resource.name()))
        .toList();
  }

  /**
   * Whether objects of the kind get the default namespace as {@link #toObject} gives it to them, learnt once per kind
   * from an object with nothing but its name: a bulk apply names ten thousands of objects, and reading each into its
   * model class costs several times as much as parsing its text.
   */
  private static boolean namespaced(String apiVersion, String kind) {
    return NAMESPACED.computeIfAbsent(apiVersion + "/" + kind, type -> SERIALIZATION.unmarshal(JsonColumns.write(
        Map.of("apiVersion", apiVersion, "kind", kind, "metadata", Map.of("name", "x")))) instanceof Namespaced);
  }

  private static String orDefault(String namespace) {
    return namespace == null ? "default" : namespace;
  }

  static HasMetadata toObject(KubernetesClient client, KubernetesResource resource, String defaultNamespace) {
    return toObject(client.getKubernetesSerialization(), resource, defaultNamespace);
  }

  private static HasMetadata toObject(
      KubernetesSerialization serialization, KubernetesResource resource, String defaultNamespace) {
    HasMetadata object = serialization.unmarshal(JsonColumns.write(resource.content()));
    if (object instanceof Namespaced && object.getMetadata().getNamespace() == null) {
      object.getMetadata().setNamespace(orDefault(defaultNamespace));
    }
    return object;
  }

  /** The unit's objects as client objects, namespaced ones defaulted to the target's namespace, in apply order. */
  static List<HasMetadata> objects(String data, String defaultNamespace) {
    return objects(SERIALIZATION, data, defaultNamespace);
  }

  static List<HasMetadata> objects(KubernetesClient client, String data, String defaultNamespace) {
    return objects(client.getKubernetesSerialization(), data, defaultNamespace);
  }

  private static List<HasMetadata> objects(KubernetesSerialization serialization, String data, String defaultNamespace) {
    return inApplyOrder(inDataOrder(serialization, data, defaultNamespace));
  }

  private static List<HasMetadata> inDataOrder(
      KubernetesSerialization serialization, String data, String defaultNamespace) {
    List<HasMetadata> objects = new ArrayList<>();
    for (KubernetesResource resource : ParsedContent.parse(data)) {
      objects.add(toObject(serialization, resource, defaultNamespace));
    }
    return objects;
  }

  /** Namespaces and definitions first, the rest as they were. */
  private static List<HasMetadata> inApplyOrder(List<HasMetadata> objects) {
    List<HasMetadata> sorted = new ArrayList<>(objects);
    sorted.sort(Comparator.comparingInt(object -> FIRST.contains(object.getKind()) ? 0 : 1));
    return sorted;
  }

  /** Which object it is; the version is not part of it. */
  static ObjectKey keyOf(HasMetadata object) {
    return ObjectKey.of(object.getApiVersion(), object.getKind(), object.getMetadata().getNamespace(),
        object.getMetadata().getName());
  }

  static String describe(HasMetadata object) {
    String namespace = object.getMetadata().getNamespace();
    return object.getApiVersion() + "/" + object.getKind() + "/" + (namespace == null ? "" : namespace) + "/"
        + object.getMetadata().getName();
  }
}
