package io.tandem.imports.domain;

import io.tandem.common.error.TandemException;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * A unit's text as its origin holds it at a commit: plain files as the import read them ({@link OriginText}), a chart
 * folder rendered with the release the unit records (its part of the rendering), a Kustomize folder rendered with
 * kubectl kustomize.
 */
@Component
class OriginReader {

  /** The text, or why there is none; for a chart, also what was rendered (to record on the unit with the text). */
  record Read(String text, String problem, ChartUnit chart) {}

  private final ChartRenderer renderer;
  private final ChartUnitStore charts;
  private final Kustomizer kustomizer;

  OriginReader(ChartRenderer renderer, ChartUnitStore charts, Kustomizer kustomizer) {
    this.kustomizer = kustomizer;
    this.renderer = renderer;
    this.charts = charts;
  }

  Read read(UUID unitId, UnitOrigin origin, Map<String, byte[]> files, java.time.Instant at) {
    if (origin.layout() == GitImports.Layout.kustomize) {
      try {
        return new Read(kustomizer.build(files, origin.path()), null, null);
      } catch (TandemException e) {
        return new Read(null, "The Kustomize folder '" + origin.path() + "' does not render: " + e.getMessage(), null);
      }
    }
    if (origin.layout() != GitImports.Layout.chart) {
      OriginText.Read read = OriginText.of(origin.layout(), origin.path(), files);
      return new Read(read.text(), read.problem(), null);
    }
    ChartUnit before = charts.find(unitId).orElse(null);
    if (before == null) {
      return new Read(null, "The unit records no chart to render.", null);
    }
    try {
      ChartRenderer.PackagedChart packed = renderer.renderFolder(files, HelmImports.forHelm(before.release()));
      String text = rendered(packed, before);
      return new Read(text, null, new ChartUnit(unitId, packed.rendered().chart(), before.origin(), packed.archive(),
          before.release(), before.kind(), text, at));
    } catch (TandemException e) {
      return new Read(null, "The chart at '" + origin.path() + "' does not render: " + e.getMessage(), null);
    }
  }

  /** The unit's part of a rendering of its chart. */
  static String rendered(ChartRenderer.PackagedChart packed, ChartUnit unit) {
    return ChartManifests.data(ChartManifests.ofKind(ChartManifests.documents(packed.rendered(),
        unit.release().namespace()), unit.kind()));
  }

  /** Records what a taken commit rendered, in the caller's transaction. */
  void taken(Read read) {
    if (read.chart() != null) {
      charts.save(read.chart());
    }
  }
}
