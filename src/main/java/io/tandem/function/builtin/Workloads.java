package io.tandem.function.builtin;

import io.tandem.common.yaml.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Where the pod template and containers of each workload kind live. */
final class Workloads {

  private Workloads() {}

  /** A container of a resource, with its path, for provenance and outputs. */
  record Container(Map<String, Object> resource, Map<String, Object> container, String path) {
    String name() {
      return String.valueOf(container.get("name"));
    }
  }

  /** The path of the pod spec in a resource of this kind, or {@code null} for kinds without pods. */
  static List<String> podSpecPath(Map<String, Object> resource) {
    return switch (String.valueOf(resource.get("kind"))) {
      case "Pod" -> List.of("spec");
      case "Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job", "ReplicationController" ->
          List.of("spec", "template", "spec");
      case "CronJob" -> List.of("spec", "jobTemplate", "spec", "template", "spec");
      default -> null;
    };
  }

  /** Containers and init containers named {@code name} ({@code *}: all) in every workload of the unit. */
  static List<Container> containers(List<Map<String, Object>> resources, String name) {
    List<Container> found = new ArrayList<>();
    for (Map<String, Object> resource : resources) {
      List<String> specPath = podSpecPath(resource);
      if (specPath == null) {
        continue;
      }
      Object spec = Trees.get(resource, specPath);
      if (!(spec instanceof Map<?, ?> podSpec)) {
        continue;
      }
      String prefix = String.join(".", specPath);
      for (String listName : List.of("initContainers", "containers")) {
        if (podSpec.get(listName) instanceof List<?> list) {
          for (int i = 0; i < list.size(); i++) {
            if (list.get(i) instanceof Map<?, ?> container
                && (name.equals("*") || name.equals(String.valueOf(container.get("name"))))) {
              found.add(new Container(resource, Trees.asMap(container), Paths.child(Paths.child(prefix, listName), i)));
            }
          }
        }
      }
    }
    return found;
  }
}
