package io.tandem.function.builtin;

import io.tandem.common.yaml.Paths;
import io.tandem.function.domain.FunctionContext;
import java.util.List;
import java.util.Map;

/** Labels and annotations: string maps under {@code metadata}, set and read the same way. */
final class MetadataEntry {

  private MetadataEntry() {}

  static void set(FunctionContext context, String field, String key, String value) {
    for (Map<String, Object> resource : context.resources()) {
      Trees.ensure(resource, List.of("metadata", field)).put(key, value);
    }
  }

  static void get(FunctionContext context, String field, String key) {
    for (Map<String, Object> resource : context.resources()) {
      Object value = Trees.get(resource, List.of("metadata", field, key));
      if (value != null) {
        context.output(resource, Paths.child("metadata." + field, key), value);
      }
    }
  }
}
