package io.tandem.targets.cluster;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.tandem.common.config.JsonColumns;
import io.tandem.common.yaml.KubernetesYaml;
import io.tandem.common.yaml.ObjectKey;
import io.tandem.targets.domain.DryRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * An apply as {@link ClusterApplier} runs it (same objects, field manager, conflict handling), sent with {@code
 * dryRun=All}, beside each object as it is now; and the objects its prune would delete. Nothing is written.
 */
final class ClusterDryRun {

  static final String NOT_CHECKED = "The API server could not check it, as its namespace or its kind does not exist"
      + " yet (this apply creates it, or the apply will fail): shown as written.";

  static final String UNANSWERED = "The API server answered without the object: shown as written.";

  /** How many requests a preview has in flight at once: the objects are independent, and sent one by one they add up. */
  private static final int PARALLEL = 8;

  private ClusterDryRun() {}

  static DryRun run(KubernetesClient client, String defaultNamespace, String data, String previousData, Set<ObjectKey> spare) {
    List<HasMetadata> objects = KubernetesYaml.parse(data).stream()
        .map(resource -> ClusterApplier.toObject(client, resource, defaultNamespace)).toList();
    List<String> wanted = objects.stream().map(ClusterApplier::describe).toList();
    List<HasMetadata> pruned = KubernetesYaml.parse(previousData).stream()
        .map(resource -> ClusterApplier.toObject(client, resource, defaultNamespace))
        .map(object -> wanted.contains(ClusterApplier.describe(object)) || spare.contains(ClusterApplier.keyOf(object))
            ? null : object)
        .toList();
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(PARALLEL, objects.size() + pruned.size())),
        runnable -> {
          Thread thread = new Thread(runnable, "apply-preview");
          thread.setDaemon(true);
          return thread;
        });
    try {
      List<Future<Result>> applied = new ArrayList<>();
      objects.forEach(object -> applied.add(pool.submit(() -> dryRun(client, object))));
      List<Future<Map<String, Object>>> now = new ArrayList<>();
      pruned.forEach(object -> now.add(pool.submit(() -> object == null ? null : current(client, object))));
      List<DryRun.Applied> results = new ArrayList<>();
      List<String> takenOver = new ArrayList<>();
      for (Future<Result> result : applied) {
        results.add(join(result).applied());
        takenOver.addAll(join(result).takenOver());
      }
      List<Map<String, Object>> deleted = new ArrayList<>();
      for (Future<Map<String, Object>> object : now) {
        deleted.add(join(object));
      }
      return new DryRun(results, deleted, takenOver);
    } finally {
      pool.shutdownNow();
    }
  }

  /** One object's answer, with the fields its apply would take from other managers. */
  private record Result(DryRun.Applied applied, List<String> takenOver) {}

  private static <T> T join(Future<T> future) {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while previewing the apply", e);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException runtime ? runtime : new IllegalStateException(e.getCause());
    }
  }

  /**
   * The object now and as the dry run answers. A refusal that the apply would meet as well is the object's note; one
   * of a new object whose namespace or kind is not there yet (this apply may create it) shows the object as written.
   */
  private static Result dryRun(KubernetesClient client, HasMetadata object) {
    List<String> takenOver = new ArrayList<>();
    String namespace = object.getMetadata().getNamespace() == null ? "" : object.getMetadata().getNamespace();
    Map<String, Object> live = current(client, object);
    try {
      HasMetadata result = ClusterApplier.serverSideApply(client, object, ClusterApplier.describe(object), takenOver, true);
      if (result == null) { // the sandbox's mock answers a dry run without a body
        return new Result(new DryRun.Applied(namespace, live, asMap(client, object), UNANSWERED), takenOver);
      }
      return new Result(new DryRun.Applied(namespace, live, asMap(client, result), null), takenOver);
    } catch (KubernetesClientException e) {
      if (live == null && e.getCode() == 404) {
        return new Result(new DryRun.Applied(namespace, null, asMap(client, object), NOT_CHECKED), List.of());
      }
      if (!refusal(e)) {
        throw e;
      }
      return new Result(new DryRun.Applied(namespace, live, null,
          "The API server refused it: " + ClusterConnector.describe(e) + "."), List.of());
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
