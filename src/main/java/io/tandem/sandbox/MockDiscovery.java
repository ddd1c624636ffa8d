package io.tandem.sandbox;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * API discovery for the mock's built-in kinds (the fabric8 mock serves discovery for the custom resources it was
 * given only), so that what asks a cluster which kinds it serves (a cluster import) works on the sandbox too.
 */
final class MockDiscovery {

  private record Kind(String plural, String kind, boolean namespaced) {}

  private static final Map<String, List<Kind>> GROUPS = new LinkedHashMap<>();

  static {
    GROUPS.put("v1", List.of(new Kind("configmaps", "ConfigMap", true), new Kind("secrets", "Secret", true),
        new Kind("services", "Service", true), new Kind("serviceaccounts", "ServiceAccount", true),
        new Kind("pods", "Pod", true), new Kind("persistentvolumeclaims", "PersistentVolumeClaim", true),
        new Kind("endpoints", "Endpoints", true), new Kind("events", "Event", true),
        new Kind("namespaces", "Namespace", false)));
    GROUPS.put("apps/v1", List.of(new Kind("deployments", "Deployment", true), new Kind("statefulsets", "StatefulSet", true),
        new Kind("daemonsets", "DaemonSet", true), new Kind("replicasets", "ReplicaSet", true)));
    GROUPS.put("batch/v1", List.of(new Kind("jobs", "Job", true), new Kind("cronjobs", "CronJob", true)));
    GROUPS.put("networking.k8s.io/v1", List.of(new Kind("ingresses", "Ingress", true),
        new Kind("networkpolicies", "NetworkPolicy", true)));
    GROUPS.put("policy/v1", List.of(new Kind("poddisruptionbudgets", "PodDisruptionBudget", true)));
    GROUPS.put("autoscaling/v2", List.of(new Kind("horizontalpodautoscalers", "HorizontalPodAutoscaler", true)));
    GROUPS.put("rbac.authorization.k8s.io/v1", List.of(new Kind("roles", "Role", true),
        new Kind("rolebindings", "RoleBinding", true), new Kind("clusterroles", "ClusterRole", false)));
    GROUPS.put("coordination.k8s.io/v1", List.of(new Kind("leases", "Lease", true)));
    GROUPS.put("discovery.k8s.io/v1", List.of(new Kind("endpointslices", "EndpointSlice", true)));
  }

  private MockDiscovery() {}

  /** The discovery document at {@code path} ({@code /api/v1}, {@code /apis}, {@code /apis/apps/v1}), if it is one. */
  static Optional<String> answer(String path) {
    if (path.equals("/apis")) {
      return Optional.of(groups());
    }
    String groupVersion = path.equals("/api/v1") ? "v1" : path.startsWith("/apis/") ? path.substring("/apis/".length()) : "";
    List<Kind> kinds = GROUPS.get(groupVersion);
    return kinds == null || (groupVersion.equals("v1") && !path.equals("/api/v1")) ? Optional.empty()
        : Optional.of(resources(groupVersion, kinds));
  }

  private static String groups() {
    return GROUPS.keySet().stream().filter(groupVersion -> groupVersion.contains("/")).map(groupVersion -> {
      String group = groupVersion.substring(0, groupVersion.indexOf('/'));
      String version = "{\"groupVersion\":\"" + groupVersion + "\",\"version\":\"" + groupVersion.substring(group.length() + 1) + "\"}";
      return "{\"name\":\"" + group + "\",\"versions\":[" + version + "],\"preferredVersion\":" + version + "}";
    }).collect(Collectors.joining(",", "{\"kind\":\"APIGroupList\",\"apiVersion\":\"v1\",\"groups\":[", "]}"));
  }

  private static String resources(String groupVersion, List<Kind> kinds) {
    return kinds.stream()
        .map(kind -> "{\"name\":\"" + kind.plural() + "\",\"singularName\":\"" + kind.kind().toLowerCase(java.util.Locale.ROOT)
            + "\",\"namespaced\":" + kind.namespaced() + ",\"kind\":\"" + kind.kind()
            + "\",\"verbs\":[\"create\",\"delete\",\"get\",\"list\",\"patch\",\"update\",\"watch\"]}")
        .collect(Collectors.joining(",", "{\"kind\":\"APIResourceList\",\"apiVersion\":\"v1\",\"groupVersion\":\""
            + groupVersion + "\",\"resources\":[", "]}"));
  }
}
