package io.tandem.common.yaml;

import java.util.Map;

/**
 * One Kubernetes object of a unit's data: its identity and its content as a plain tree (maps keep their key order).
 *
 * @param document the 1-based position of its YAML document in the unit's text
 * @param line the 1-based line where that document starts
 */
public record KubernetesResource(
    String apiVersion, String kind, String namespace, String name, Map<String, Object> content, int document, int line) {

  /**
   * The resource's identity in mutations and diffs: {@code apiVersion/kind/namespace/name}, with an empty namespace
   * segment for objects without one ({@code v1/Namespace//prod}).
   */
  public String id() {
    return apiVersion + "/" + kind + "/" + (namespace == null ? "" : namespace) + "/" + name;
  }

  /** {@code apps/v1/Deployment}: what {@code resourceType} filters match. */
  public String type() {
    return apiVersion + "/" + kind;
  }
}
