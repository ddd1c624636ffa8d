package io.tandem.imports.domain;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a cluster import leaves out unless the request names it ({@code names}): objects made from another object's
 * configuration, and the cluster's own. Each is reported as skipped, with the reason.
 */
final class LeftOut {

  /** Namespaces of the cluster itself: not read unless the request names them. */
  static final Set<String> CLUSTER_NAMESPACES = Set.of("kube-system", "kube-public", "kube-node-lease");

  private LeftOut() {}

  /** Why {@code live} is left out, or {@code null} when it is somebody's configuration. */
  static String reason(Map<String, Object> live) {
    String kind = String.valueOf(live.get("kind"));
    Map<?, ?> metadata = live.get("metadata") instanceof Map<?, ?> map ? map : Map.of();
    String name = String.valueOf(metadata.get("name"));
    if (metadata.get("ownerReferences") instanceof List<?> owners && !owners.isEmpty()) {
      Object owner = owners.get(0);
      for (Object other : owners) {
        owner = other instanceof Map<?, ?> m && Boolean.TRUE.equals(m.get("controller")) ? other : owner;
      }
      return owner instanceof Map<?, ?> by ? "Owned by " + by.get("kind") + " " + by.get("name")
          + ", whose configuration makes it." : "Owned by another object, whose configuration makes it.";
    }
    if (kind.equals("Secret") && "helm.sh/release.v1".equals(live.get("type"))) {
      return "Helm's record of a release (its chart, values and manifest), not configuration.";
    }
    if (kind.equals("Event")) {
      return "An event: a record of what happened, not configuration.";
    }
    if (kind.equals("Lease")) {
      return "A lease, which running programs take and renew: not configuration.";
    }
    if (kind.equals("ServiceAccount") && name.equals("default")) {
      return "The namespace's default ServiceAccount, which the cluster makes in every namespace.";
    }
    if (kind.equals("Service") && name.equals("kubernetes") && "default".equals(metadata.get("namespace"))) {
      return "The API server's own Service.";
    }
    if (kind.equals("ConfigMap") && name.equals("kube-root-ca.crt")) {
      return "The cluster's CA certificate, which the cluster puts in every namespace.";
    }
    if ((kind.equals("Endpoints") || kind.equals("EndpointSlice")) && metadata.get("labels") instanceof Map<?, ?> labels
        && (labels.containsKey("endpoints.kubernetes.io/managed-by") || labels.containsKey("endpointslice.kubernetes.io/managed-by"))) {
      return "Kept by the cluster for the Service of that name.";
    }
    return null;
  }

  /** The reason for an object that only controllers wrote. */
  static String onlyControllers(List<String> controllers) {
    return "Only controllers wrote it (" + String.join(", ", controllers) + "): no person's or tool's configuration.";
  }
}
