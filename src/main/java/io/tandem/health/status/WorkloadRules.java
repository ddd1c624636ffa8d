package io.tandem.health.status;

/** kstatus' rules for Deployments, StatefulSets, DaemonSets and ReplicaSets: replica counts and conditions. */
final class WorkloadRules {

  private WorkloadRules() {}

  static ObjectHealth deployment(Fields fields) {
    Fields progressing = fields.condition("Progressing");
    if (progressing != null && "ProgressDeadlineExceeded".equals(progressing.string("reason"))) {
      return ObjectHealth.failed("ProgressDeadlineExceeded");
    }
    long spec = fields.number("spec.replicas", 1);
    long replicas = fields.number("status.replicas", 0);
    long updated = fields.number("status.updatedReplicas", 0);
    long ready = fields.number("status.readyReplicas", 0);
    long available = fields.number("status.availableReplicas", 0);
    ObjectHealth counts = replicaCounts(spec, replicas, updated, ready);
    if (counts != null) {
      return counts;
    }
    if (updated > available) {
      return ObjectHealth.inProgress("Available: " + available + "/" + updated);
    }
    boolean newReplicaSetAvailable = progressing != null && "True".equals(progressing.string("status"))
        && "NewReplicaSetAvailable".equals(progressing.string("reason"));
    if (!newReplicaSetAvailable) {
      return ObjectHealth.inProgress("ReplicaSet not available");
    }
    if (!fields.conditionIs("Available", "True")) {
      return ObjectHealth.inProgress("Deployment not available");
    }
    return ObjectHealth.current("Available: " + available + "/" + spec);
  }

  static ObjectHealth statefulSet(Fields fields) {
    if ("OnDelete".equals(fields.string("spec.updateStrategy.type"))) {
      return ObjectHealth.current("Update strategy OnDelete");
    }
    long spec = fields.number("spec.replicas", 1);
    long replicas = fields.number("status.replicas", 0);
    long ready = fields.number("status.readyReplicas", 0);
    long updated = fields.number("status.updatedReplicas", 0);
    if (spec > replicas) {
      return ObjectHealth.inProgress("Replicas: " + replicas + "/" + spec);
    }
    if (spec > ready) {
      return ObjectHealth.inProgress("Ready: " + ready + "/" + spec);
    }
    if (replicas > spec) {
      return ObjectHealth.inProgress("Pending termination: " + (replicas - spec));
    }
    long partition = fields.number("spec.updateStrategy.rollingUpdate.partition", -1);
    if (partition > 0) {
      long toUpdate = Math.max(0, spec - partition);
      return updated < toUpdate ? ObjectHealth.inProgress("Updated: " + updated + "/" + toUpdate)
          : ObjectHealth.current("Partition rollout complete");
    }
    long current = fields.number("status.currentReplicas", 0);
    if (spec > current) {
      return ObjectHealth.inProgress("Current: " + current + "/" + spec);
    }
    String currentRevision = fields.string("status.currentRevision");
    if (currentRevision != null && !currentRevision.equals(fields.string("status.updateRevision"))) {
      return ObjectHealth.inProgress("Waiting for the updated revision");
    }
    return ObjectHealth.current("Ready: " + ready + "/" + spec);
  }

  static ObjectHealth daemonSet(Fields fields) {
    if (!fields.has("status.observedGeneration") || !fields.has("status.desiredNumberScheduled")) {
      return ObjectHealth.inProgress("Not observed yet");
    }
    long desired = fields.number("status.desiredNumberScheduled", 0);
    String[][] counts = {{"currentNumberScheduled", "Scheduled"}, {"updatedNumberScheduled", "Updated"},
        {"numberAvailable", "Available"}, {"numberReady", "Ready"}};
    for (String[] count : counts) {
      long value = fields.number("status." + count[0], 0);
      if (desired > value) {
        return ObjectHealth.inProgress(count[1] + ": " + value + "/" + desired);
      }
    }
    return ObjectHealth.current("Ready: " + desired + "/" + desired);
  }

  static ObjectHealth replicaSet(Fields fields) {
    if (fields.conditionIs("ReplicaFailure", "True")) {
      return ObjectHealth.inProgress("ReplicaFailure: " + Fields.reasonOf(fields.condition("ReplicaFailure"), ""));
    }
    long spec = fields.number("spec.replicas", 1);
    long replicas = fields.number("status.replicas", 0);
    long labeled = fields.number("status.fullyLabeledReplicas", 0);
    long available = fields.number("status.availableReplicas", 0);
    long ready = fields.number("status.readyReplicas", 0);
    if (spec > labeled) {
      return ObjectHealth.inProgress("Labelled: " + labeled + "/" + spec);
    }
    if (spec > available) {
      return ObjectHealth.inProgress("Available: " + available + "/" + spec);
    }
    if (spec > ready) {
      return ObjectHealth.inProgress("Ready: " + ready + "/" + spec);
    }
    if (replicas > spec) {
      return ObjectHealth.inProgress("Pending termination: " + (replicas - spec));
    }
    return ObjectHealth.current("Available: " + available + "/" + spec);
  }

  /** Replicas still to be made, updated, made ready or terminated; {@code null} when the counts are where wanted. */
  private static ObjectHealth replicaCounts(long spec, long replicas, long updated, long ready) {
    if (spec > replicas) {
      return ObjectHealth.inProgress("Replicas: " + replicas + "/" + spec);
    }
    if (spec > updated) {
      return ObjectHealth.inProgress("Updated: " + updated + "/" + spec);
    }
    if (replicas > spec) {
      return ObjectHealth.inProgress("Pending termination: " + (replicas - spec));
    }
    if (spec > ready) {
      return ObjectHealth.inProgress("Ready: " + ready + "/" + spec);
    }
    return null;
  }
}
