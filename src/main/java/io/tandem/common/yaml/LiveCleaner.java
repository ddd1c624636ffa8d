package io.tandem.common.yaml;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Removes from a live object what the API server and controllers fill in, so that what remains can be compared with
 * configuration: server metadata, status, and the annotations tools and controllers write.
 */
public final class LiveCleaner {

  static final Set<String> SERVER_METADATA =
      Set.of("managedFields", "resourceVersion", "uid", "creationTimestamp", "generation", "selfLink",
          "deletionTimestamp", "deletionGracePeriodSeconds");
  static final Set<String> TOOL_ANNOTATIONS =
      Set.of("kubectl.kubernetes.io/last-applied-configuration", "deployment.kubernetes.io/revision");

  private LiveCleaner() {}

  /** Cleans {@code object} in place and returns it. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> clean(Map<String, Object> object) {
    object.remove("status");
    if (object.get("metadata") instanceof Map<?, ?> raw) {
      Map<String, Object> metadata = (Map<String, Object>) raw;
      SERVER_METADATA.forEach(metadata::remove);
      if (metadata.get("annotations") instanceof Map<?, ?> annotations) {
        TOOL_ANNOTATIONS.forEach(annotations::remove);
        if (annotations.isEmpty()) {
          metadata.remove("annotations");
        }
      }
      if (metadata.get("managedFields") instanceof List<?>) {
        metadata.remove("managedFields");
      }
    }
    return object;
  }
}
