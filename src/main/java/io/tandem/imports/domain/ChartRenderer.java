package io.tandem.imports.domain;

import java.util.Map;
import java.util.Optional;

/**
 * Helm's own template engine. Rendering is offline: a chart's dependencies must be in its {@code charts/} folder, and
 * nothing is fetched. Implemented by {@code imports.helm}, the only place Helm's library is spoken.
 */
public interface ChartRenderer {

  /** A chart folder as {@code helm package} packs it, and what it renders to. */
  @SuppressWarnings("ArrayRecordComponent") // the archive's bytes passed through, never compared
  record PackagedChart(byte[] archive, RenderedChart rendered) {}

  /** Why no chart can be rendered on this server (Helm's native library does not load here), or empty. */
  Optional<String> unavailable();

  /**
   * Renders a packaged chart (.tgz).
   *
   * @throws io.tandem.common.error.TandemException {@code validation-failed} with Helm's message when the archive is
   *     not a chart or its templates fail, or when rendering takes longer than allowed; {@code helm-unavailable} where
   *     Helm does not load
   */
  RenderedChart render(byte[] archive, Release release);

  /**
   * Packs the files of a chart folder (paths relative to it, Chart.yaml among them) and renders the package.
   *
   * @throws io.tandem.common.error.TandemException as {@link #render}
   */
  PackagedChart renderFolder(Map<String, byte[]> files, Release release);
}
