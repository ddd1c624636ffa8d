package io.tandem.health.status;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** kstatus' rules for Jobs, Pods, PersistentVolumeClaims and Services. */
final class PodRules {

  private PodRules() {}

  static ObjectHealth job(Fields fields) {
    if (fields.conditionIs("Failed", "True")) {
      return ObjectHealth.failed(Fields.reasonOf(fields.condition("Failed"), "Failed"));
    }
    if (fields.conditionIs("Complete", "True")) {
      return ObjectHealth.current("Complete");
    }
    if (!fields.has("status.startTime")) {
      return ObjectHealth.inProgress("Not started");
    }
    return ObjectHealth.inProgress("Active: " + fields.number("status.active", 0) + ", succeeded: "
        + fields.number("status.succeeded", 0) + ", failed: " + fields.number("status.failed", 0));
  }

  /**
   * A container waiting for a reason that will not pass by itself ({@code ImagePullBackOff}, {@code ErrImagePull},
   * {@code CrashLoopBackOff}, {@code CreateContainerConfigError}, {@code InvalidImageName} …) fails the Pod.
   */
  static ObjectHealth pod(Fields fields) {
    String phase = fields.string("status.phase");
    if ("Succeeded".equals(phase)) {
      return ObjectHealth.current("Succeeded");
    }
    if ("Failed".equals(phase)) {
      String reason = fields.string("status.reason");
      return ObjectHealth.failed(reason == null ? "Failed" : reason);
    }
    String stuck = stuckContainer(fields);
    if (stuck != null) {
      return ObjectHealth.failed(stuck);
    }
    if ("Running".equals(phase) && fields.conditionIs("Ready", "True")) {
      return ObjectHealth.current("Ready");
    }
    if (fields.conditionIs("PodScheduled", "False")) {
      return ObjectHealth.inProgress(Fields.reasonOf(fields.condition("PodScheduled"), "Not scheduled"));
    }
    return ObjectHealth.inProgress(phase == null ? "Pending" : phase + ", not ready");
  }

  private static String stuckContainer(Fields fields) {
    List<Object> statuses = new ArrayList<>(fields.list("status.initContainerStatuses"));
    statuses.addAll(fields.list("status.containerStatuses"));
    for (Object item : statuses) {
      if (item instanceof Map<?, ?> container) {
        String reason = new Fields(container).string("state.waiting.reason");
        if (reason != null && (reason.startsWith("Err") || reason.endsWith("Error") || reason.endsWith("BackOff")
            || reason.equals("InvalidImageName"))) {
          return reason;
        }
      }
    }
    return null;
  }

  static ObjectHealth persistentVolumeClaim(Fields fields) {
    String phase = fields.string("status.phase");
    if ("Bound".equals(phase)) {
      return ObjectHealth.current("Bound");
    }
    if ("Lost".equals(phase)) {
      return ObjectHealth.failed("Lost");
    }
    return ObjectHealth.inProgress("Not bound" + (phase == null ? "" : ": " + phase));
  }

  static ObjectHealth service(Fields fields) {
    if (!"LoadBalancer".equals(fields.string("spec.type"))) {
      return ObjectHealth.current("Exists");
    }
    return fields.list("status.loadBalancer.ingress").isEmpty()
        ? ObjectHealth.inProgress("Waiting for a load balancer address")
        : ObjectHealth.current("Load balancer address assigned");
  }
}
