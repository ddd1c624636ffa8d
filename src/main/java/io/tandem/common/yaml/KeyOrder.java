package io.tandem.common.yaml;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The order people write a Kubernetes object in: {@code apiVersion}, {@code kind}, {@code metadata} ({@code name},
 * {@code namespace}, {@code labels}, {@code annotations}, then the rest), {@code spec}, then the other fields in the
 * order they came. Below that the order is left alone: an API server answers in its types' field order, which reads
 * well ({@code name} and {@code image} first in a container).
 */
public final class KeyOrder {

  private static final List<String> TOP = List.of("apiVersion", "kind", "metadata", "spec");
  private static final List<String> METADATA = List.of("name", "namespace", "labels", "annotations");

  private KeyOrder() {}

  /** A copy of {@code object} in that order (shallow below {@code metadata}). */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> conventional(Map<String, Object> object) {
    Map<String, Object> ordered = ordered(object, TOP);
    if (ordered.get("metadata") instanceof Map<?, ?> metadata) {
      ordered.put("metadata", ordered((Map<String, Object>) metadata, METADATA));
    }
    return ordered;
  }

  private static Map<String, Object> ordered(Map<String, Object> map, List<String> first) {
    Map<String, Object> ordered = new LinkedHashMap<>();
    first.stream().filter(map::containsKey).forEach(key -> ordered.put(key, map.get(key)));
    map.forEach(ordered::putIfAbsent);
    return ordered;
  }
}
