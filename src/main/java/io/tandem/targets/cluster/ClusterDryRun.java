package io.tandem.targets.cluster;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.tandem.common.config.JsonColumns;
import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.KubernetesYaml;
import io.tandem.targets.domain.DryRun;
import io.tandem.targets.domain.ObjectKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An apply as {@link ClusterApplier} runs it (same objects, field manager, conflict handling), sent with {@code
 * dryRun=All}, beside each object as it is now; and the objects its prune would delete. Nothing is written.
 */
final class ClusterDryRun {

  static final String NOT_CHECKED = "The API server could not check it, as its namespace or its kind does not exist"
      + " yet (this apply creates it, or the apply will fail): shown as written.";

  private ClusterDryRun() {}

  static DryRun run(KubernetesClient client, String defaultNamespace, String data, String previousData, Set<ObjectKey> spare) {
    List<DryRun.Applied> objects = new ArrayList<>();
    List<String> takenOver = new ArrayList<>();
    List<String> wanted = new ArrayList<>();
    for (KubernetesResource resource : KubernetesYaml.parse(data)) {
      HasMetadata object = ClusterApplier.toObject(client, resource, defaultNamespace);
      wanted.add(ClusterApplier.describe(object));
      objects.add(dryRun(client, object, takenOver));
    }
    List<Map<String, Object>> pruned = new ArrayList<>();
    for (KubernetesResource resource : KubernetesYaml.parse(previousData)) {
      HasMetadata object = ClusterApplier.toObject(client, resource, defaultNamespace);
      boolean prunes = !wanted.contains(ClusterApplier.describe(object)) && !spare.contains(ClusterApplier.keyOf(object));
      pruned.add(prunes ? current(client, object) : null);
    }
    return new DryRun(objects, pruned, takenOver);
  }

  /**
   * The object now and as the dry run answers. A refusal that the apply would meet as well is the object's note; one
   * of a new object whose namespace or kind is not there yet (this apply may create it) shows the object as written.
   */
  private static DryRun.Applied dryRun(KubernetesClient client, HasMetadata object, List<String> takenOver) {
    String namespace = object.getMetadata().getNamespace() == null ? "" : object.getMetadata().getNamespace();
    Map<String, Object> live = current(client, object);
    try {
      HasMetadata result = ClusterApplier.serverSideApply(client, object, ClusterApplier.describe(object), takenOver, true);
      return new DryRun.Applied(namespace, live, asMap(client, result), null);
    } catch (KubernetesClientException e) {
      if (live == null && e.getCode() == 404) {
        return new DryRun.Applied(namespace, null, asMap(client, object), NOT_CHECKED);
      }
      if (!refusal(e)) {
        throw e;
      }
      return new DryRun.Applied(namespace, live, null, "The API server refused it: " + ClusterConnector.describe(e) + ".");
    }
  }

  /** An answer about the object (invalid, forbidden field …), not about the cluster or the credentials. */
  private static boolean refusal(KubernetesClientException e) {
    return e.getCode() == 400 || e.getCode() == 404 || e.getCode() == 409 || e.getCode() == 422;
  }

  private static Map<String, Object> current(KubernetesClient client, HasMetadata object) {
    HasMetadata found = client.resource(object).get();
    return found == null ? null : asMap(client, found);
  }

  private static Map<String, Object> asMap(KubernetesClient client, HasMetadata object) {
    return JsonColumns.readMap(client.getKubernetesSerialization().asJson(object));
  }
}
