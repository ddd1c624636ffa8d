package io.tandem.imports.api;

import io.tandem.common.error.TandemException;
import io.tandem.imports.api.ImportsApi.ChartInfo;
import io.tandem.imports.domain.ChartMetadata;
import io.tandem.imports.domain.ChartSource;
import java.util.Map;
import java.util.Set;

/**
 * The {@code chart} field of requests (imports, and upgrades of units made from a chart), which JSON gives as a string
 * or an object: an {@code oci://} reference, a packaged chart in base64, or {@code {"repo", "name", "version"}}.
 */
public final class ChartRequests {

  private static final Set<String> REFERENCE_FIELDS = Set.of("repo", "name", "version");

  private ChartRequests() {}

  /** The chart a request names; null when it names none. */
  public static ChartSource source(Object chart) {
    if (chart == null) {
      return null;
    }
    if (chart instanceof String text) {
      return text.strip().startsWith("oci://") ? new ChartSource.Oci(text.strip()) : new ChartSource.Archive(text);
    }
    if (chart instanceof Map<?, ?> reference) {
      for (Object key : reference.keySet()) {
        if (!REFERENCE_FIELDS.contains(String.valueOf(key))) {
          throw TandemException.validation("Field 'chart." + key + "' is not known; a chart reference has 'repo', 'name'"
              + " and 'version'.");
        }
      }
      return new ChartSource.Repository(text(reference, "repo"), text(reference, "name"), text(reference, "version"));
    }
    throw TandemException.validation("Field 'chart' must be a packaged chart (.tgz) in base64, an oci:// reference, or"
        + " {\"repo\", \"name\", \"version\"} of an HTTP chart repository.");
  }

  public static ChartInfo info(ChartMetadata chart) {
    return chart == null ? null : new ChartInfo(chart.name(), chart.version(), chart.appVersion());
  }

  private static String text(Map<?, ?> reference, String field) {
    Object value = reference.get(field);
    if (value != null && !(value instanceof String)) {
      throw TandemException.validation("Field 'chart." + field + "' must be a string.");
    }
    return (String) value;
  }
}
