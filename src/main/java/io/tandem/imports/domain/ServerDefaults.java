package io.tandem.imports.domain;

import io.tandem.common.yaml.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiPredicate;
import java.util.function.Predicate;

/**
 * The values the API server fills in for fields left out, for the built-in kinds. An object made with {@code kubectl
 * create} (or {@code kubectl apply} without {@code --server-side}, or {@code kubectl edit}, Helm…) lists them among
 * its manager's fields: the server defaults a request before it records who wrote what. Only a server-side apply
 * records exactly what was sent.
 */
final class ServerDefaults {

  /** A default at a dotted path below the object ({@code *} for every item of a list), as a test of the value. */
  private record Default(List<String> path, BiPredicate<Object, Map<?, ?>> test) {}

  private static final List<Default> POD_SPEC = new ArrayList<>();
  private static final Map<String, List<Default>> BY_KIND = new java.util.HashMap<>();

  static {
    pod("dnsPolicy", "ClusterFirst");
    pod("restartPolicy", "Always");
    pod("terminationGracePeriodSeconds", 30);
    pod("securityContext", Map.of());
    pod("schedulerName", "default-scheduler");
    for (String containers : List.of("containers", "initContainers")) {
      pod(containers + ".*.terminationMessagePath", "/dev/termination-log");
      pod(containers + ".*.terminationMessagePolicy", "File");
      pod(containers + ".*.resources", Map.of());
      pod(containers + ".*.ports.*.protocol", "TCP");
      pod(containers + ".*.env.*.valueFrom.fieldRef.apiVersion", "v1");
      POD_SPEC.add(new Default(split(containers + ".*.imagePullPolicy"), ServerDefaults::pullPolicyOfItsImage));
      for (String probe : List.of("livenessProbe", "readinessProbe", "startupProbe")) {
        pod(containers + ".*." + probe + ".timeoutSeconds", 1);
        pod(containers + ".*." + probe + ".periodSeconds", 10);
        pod(containers + ".*." + probe + ".successThreshold", 1);
        pod(containers + ".*." + probe + ".failureThreshold", 3);
        pod(containers + ".*." + probe + ".httpGet.scheme", "HTTP");
      }
    }
    for (String volume : List.of("configMap", "secret", "projected", "downwardAPI")) {
      pod("volumes.*." + volume + ".defaultMode", 420);
    }
    kind("Deployment", "spec.replicas", 1, "spec.revisionHistoryLimit", 10, "spec.progressDeadlineSeconds", 600,
        "spec.strategy.type", "RollingUpdate", "spec.strategy.rollingUpdate.maxSurge", "25%",
        "spec.strategy.rollingUpdate.maxUnavailable", "25%");
    kind("StatefulSet", "spec.replicas", 1, "spec.revisionHistoryLimit", 10, "spec.podManagementPolicy", "OrderedReady",
        "spec.updateStrategy.type", "RollingUpdate", "spec.updateStrategy.rollingUpdate.partition", 0,
        "spec.persistentVolumeClaimRetentionPolicy.whenDeleted", "Retain",
        "spec.persistentVolumeClaimRetentionPolicy.whenScaled", "Retain",
        "spec.volumeClaimTemplates.*.apiVersion", "v1", "spec.volumeClaimTemplates.*.kind", "PersistentVolumeClaim",
        "spec.volumeClaimTemplates.*.spec.volumeMode", "Filesystem", "spec.volumeClaimTemplates.*.status.phase", "Pending");
    kind("DaemonSet", "spec.revisionHistoryLimit", 10, "spec.updateStrategy.type", "RollingUpdate",
        "spec.updateStrategy.rollingUpdate.maxUnavailable", 1, "spec.updateStrategy.rollingUpdate.maxSurge", 0);
    kind("ReplicaSet", "spec.replicas", 1);
    kind("Job", "spec.backoffLimit", 6, "spec.completions", 1, "spec.parallelism", 1, "spec.completionMode", "NonIndexed",
        "spec.suspend", false, "spec.podReplacementPolicy", "TerminatingOrFailed");
    kind("CronJob", "spec.concurrencyPolicy", "Allow", "spec.suspend", false, "spec.successfulJobsHistoryLimit", 3,
        "spec.failedJobsHistoryLimit", 1);
    kind("Service", "spec.type", "ClusterIP", "spec.sessionAffinity", "None", "spec.internalTrafficPolicy", "Cluster",
        "spec.externalTrafficPolicy", "Cluster", "spec.allocateLoadBalancerNodePorts", true, "spec.ports.*.protocol", "TCP");
    BY_KIND.get("Service").add(new Default(split("spec.ports.*.targetPort"),
        (value, port) -> port.get("port") != null && same(value, port.get("port"))));
    kind("Secret", "type", "Opaque");
    kind("PersistentVolumeClaim", "spec.volumeMode", "Filesystem");
    kind("HorizontalPodAutoscaler", "spec.minReplicas", 1);
    kind("Pod", "spec.enableServiceLinks", true);
    podSpecAt("Pod", "spec");
    for (String workload : List.of("Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job")) {
      podSpecAt(workload, "spec.template.spec");
    }
    podSpecAt("CronJob", "spec.jobTemplate.spec.template.spec");
  }

  private ServerDefaults() {}

  /**
   * Removes from {@code object} the fields that hold their kind's default, except those {@code kept} names (by dotted
   * path in {@code object}); a map left empty by a removal goes with it.
   */
  static void remove(Map<String, Object> object, Predicate<String> kept) {
    for (Default candidate : BY_KIND.getOrDefault(String.valueOf(object.get("kind")), List.of())) {
      remove(object, candidate, 0, "", kept);
    }
  }

  /** Removes the default at {@code candidate.path[i…]} below {@code node}; whether anything was removed. */
  private static boolean remove(Object node, Default candidate, int i, String path, Predicate<String> kept) {
    String segment = candidate.path().get(i);
    if (segment.equals("*")) {
      boolean removed = false;
      if (node instanceof List<?> items) {
        for (int index = 0; index < items.size(); index++) {
          removed |= remove(items.get(index), candidate, i + 1, Paths.child(path, index), kept);
        }
      }
      return removed;
    }
    if (!(node instanceof Map<?, ?> map) || !map.containsKey(segment)) {
      return false;
    }
    String childPath = Paths.child(path, segment);
    Object child = map.get(segment);
    if (i == candidate.path().size() - 1) {
      if (candidate.test().test(child, map) && !kept.test(childPath)) {
        map.remove(segment);
        return true;
      }
      return false;
    }
    boolean removed = remove(child, candidate, i + 1, childPath, kept);
    if (removed && child instanceof Map<?, ?> emptied && emptied.isEmpty()) {
      map.remove(segment);
    }
    return removed;
  }

  /** {@code Always} for an image without a tag or tagged {@code latest}, else {@code IfNotPresent}. */
  private static boolean pullPolicyOfItsImage(Object value, Map<?, ?> container) {
    String image = String.valueOf(container.get("image"));
    String name = image.contains("@") ? null : image.substring(image.lastIndexOf('/') + 1);
    boolean latest = name != null && (!name.contains(":") || name.endsWith(":latest"));
    return (latest ? "Always" : "IfNotPresent").equals(value);
  }

  /** Numbers by value ({@code 30} read as a long is {@code 30}), the rest by equality. */
  private static boolean same(Object value, Object expected) {
    return (value instanceof Number || expected instanceof Number) ? String.valueOf(value).equals(String.valueOf(expected))
        : Objects.equals(value, expected);
  }

  private static void pod(String path, Object value) {
    POD_SPEC.add(new Default(split(path), (actual, parent) -> same(actual, value)));
  }

  private static void kind(String kind, Object... pathsAndValues) {
    List<Default> defaults = BY_KIND.computeIfAbsent(kind, absent -> new ArrayList<>());
    for (int i = 0; i < pathsAndValues.length; i += 2) {
      Object value = pathsAndValues[i + 1];
      defaults.add(new Default(split((String) pathsAndValues[i]), (actual, parent) -> same(actual, value)));
    }
  }

  private static void podSpecAt(String kind, String prefix) {
    List<Default> defaults = BY_KIND.computeIfAbsent(kind, absent -> new ArrayList<>());
    for (Default pod : POD_SPEC) {
      List<String> path = new ArrayList<>(split(prefix));
      path.addAll(pod.path());
      defaults.add(new Default(List.copyOf(path), pod.test()));
    }
  }

  private static List<String> split(String path) {
    return List.of(path.split("\\."));
  }
}
