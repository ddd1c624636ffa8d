package io.tandem.imports.domain;

import io.tandem.common.yaml.ObjectKey;
import java.util.Map;

/**
 * One object a cluster import takes into a unit.
 *
 * @param live as the cluster returned it
 * @param written as its owners wrote it ({@link AsWritten}): what the unit holds
 */
record ImportObject(String apiVersion, String kind, String namespace, String name, Map<String, Object> live,
    Map<String, Object> written) {

  static ImportObject of(Map<String, Object> live, Map<String, Object> written) {
    Map<?, ?> metadata = (Map<?, ?>) live.get("metadata");
    return new ImportObject(String.valueOf(live.get("apiVersion")), String.valueOf(live.get("kind")),
        String.valueOf(metadata.get("namespace")), String.valueOf(metadata.get("name")), live, written);
  }

  ObjectKey key() {
    return ObjectKey.of(apiVersion, kind, namespace, name);
  }

  /** Its {@code app.kubernetes.io/name} label, else its {@code app} label; {@code null} without either. */
  String app() {
    if (live.get("metadata") instanceof Map<?, ?> metadata && metadata.get("labels") instanceof Map<?, ?> labels) {
      Object app = labels.get("app.kubernetes.io/name") != null ? labels.get("app.kubernetes.io/name") : labels.get("app");
      return app == null || app.toString().isBlank() ? null : app.toString();
    }
    return null;
  }
}
