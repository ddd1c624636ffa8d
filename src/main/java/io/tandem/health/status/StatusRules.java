package io.tandem.health.status;

import java.util.Map;

/**
 * The status of one live object by the rules kstatus (Flux, kpt) uses: deletion first, then the generation the
 * controller has observed, then the generic {@code Stalled} / {@code Reconciling} conditions, then the rules of its
 * kind (workloads, Jobs, Pods, PersistentVolumeClaims, Services), then the generic {@code Ready} condition of custom
 * resources. An object without rules is Current once it exists.
 */
public final class StatusRules {

  private StatusRules() {}

  /**
   * The status of {@code object} as the API server returns it (JSON as maps and lists); {@code null} is NotFound.
   */
  public static ObjectHealth of(Map<String, Object> object) {
    if (object == null) {
      return ObjectHealth.notFound();
    }
    Fields fields = new Fields(object);
    if (fields.has("metadata.deletionTimestamp")) {
      return new ObjectHealth(ObjectStatus.Terminating, "Terminating");
    }
    if (fields.has("status") && !(fields.at("status") instanceof Map<?, ?>)) {
      return new ObjectHealth(ObjectStatus.Unknown, "status is not an object");
    }
    long generation = fields.number("metadata.generation", -1);
    long observed = fields.number("status.observedGeneration", -1);
    if (generation >= 0 && observed >= 0 && observed < generation) {
      return ObjectHealth.inProgress("Generation " + generation + " not observed yet (observed " + observed + ")");
    }
    if (fields.conditionIs("Stalled", "True")) {
      return ObjectHealth.failed(Fields.reasonOf(fields.condition("Stalled"), "Stalled"));
    }
    if (fields.conditionIs("Reconciling", "True")) {
      return ObjectHealth.inProgress(Fields.reasonOf(fields.condition("Reconciling"), "Reconciling"));
    }
    ObjectHealth byKind = byKind(group(fields.string("apiVersion")), fields.string("kind"), fields);
    return byKind != null ? byKind : generic(fields);
  }

  private static ObjectHealth byKind(String group, String kind, Fields fields) {
    if (kind == null) {
      return new ObjectHealth(ObjectStatus.Unknown, "no kind");
    }
    return switch (group + "/" + kind) {
      case "apps/Deployment" -> WorkloadRules.deployment(fields);
      case "apps/StatefulSet" -> WorkloadRules.statefulSet(fields);
      case "apps/DaemonSet" -> WorkloadRules.daemonSet(fields);
      case "apps/ReplicaSet" -> WorkloadRules.replicaSet(fields);
      case "batch/Job" -> PodRules.job(fields);
      case "/Pod" -> PodRules.pod(fields);
      case "/PersistentVolumeClaim" -> PodRules.persistentVolumeClaim(fields);
      case "/Service" -> PodRules.service(fields);
      default -> null;
    };
  }

  /** Custom resources (and other kinds without rules): their {@code Ready} condition, where they have one. */
  private static ObjectHealth generic(Fields fields) {
    Fields ready = fields.condition("Ready");
    if (ready == null || "True".equals(ready.string("status"))) {
      return ObjectHealth.current(ready == null ? "Exists" : "Ready");
    }
    return ObjectHealth.inProgress("Not ready: " + Fields.reasonOf(ready, ready.string("status")));
  }

  /** {@code apps} of {@code apps/v1}; empty for the core group ({@code v1}). */
  private static String group(String apiVersion) {
    if (apiVersion == null) {
      return "";
    }
    int slash = apiVersion.indexOf('/');
    return slash < 0 ? "" : apiVersion.substring(0, slash);
  }
}
