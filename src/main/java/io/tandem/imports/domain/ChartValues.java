package io.tandem.imports.domain;

import io.tandem.common.error.TandemException;
import io.tandem.common.text.Texts;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/** Values for a chart, as a request sends them: YAML text holding one mapping, or nothing. */
final class ChartValues {

  private ChartValues() {}

  /**
   * The values as given ("" for none).
   *
   * @throws TandemException {@code validation-failed} when they are not YAML, not one mapping, or hold a character no
   *     text may
   */
  static String require(String values) {
    if (values == null || values.isBlank()) {
      return "";
    }
    String flaw = Texts.flaw(values);
    if (flaw != null) {
      throw TandemException.validation("Field 'values' " + flaw + ".");
    }
    LoaderOptions options = new LoaderOptions();
    options.setAllowDuplicateKeys(false);
    options.setMaxAliasesForCollections(50);
    options.setNestingDepthLimit(100);
    options.setCodePointLimit(Math.max(values.length() + 1, 3 * 1024 * 1024));
    Object loaded;
    try {
      int documents = 0;
      loaded = null;
      for (Object document : new Yaml(new SafeConstructor(options)).loadAll(values)) {
        loaded = document;
        documents++;
      }
      if (documents > 1) {
        throw TandemException.validation("Field 'values' holds " + documents + " YAML documents; one mapping was expected.");
      }
    } catch (YAMLException e) {
      throw TandemException.validation("Field 'values' is not YAML: " + e.getMessage().lines().findFirst().orElse("") + ".");
    }
    if (loaded != null && !(loaded instanceof Map<?, ?>)) {
      throw TandemException.validation("Field 'values' must be a YAML mapping (key: value), not a "
          + (loaded instanceof Iterable<?> ? "list" : "scalar") + ".");
    }
    return values;
  }
}
