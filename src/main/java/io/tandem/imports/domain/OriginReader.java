package io.tandem.imports.domain;

import io.tandem.common.error.TandemException;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * A unit's text as its origin holds it at a commit: plain files as the import read them ({@link OriginText}), a chart
 * folder rendered with the release the unit records, a Kustomize folder rendered with kubectl kustomize; of a
 * rendering, the unit's part ({@link RenderParts#part}).
 */
@Component
class OriginReader {

  /** The text, or why there is none; for a chart, also what was rendered (to record on the unit with the text). */
  record Read(String text, String problem, ChartUnit chart) {}

  private final ChartRenderer renderer;
  private final ChartUnitStore charts;
  private final Kustomizer kustomizer;
  private final RenderHolders holders;

  OriginReader(ChartRenderer renderer, ChartUnitStore charts, Kustomizer kustomizer, RenderHolders holders) {
    this.holders = holders;
    this.kustomizer = kustomizer;
    this.renderer = renderer;
    this.charts = charts;
  }

  Read read(UUID unitId, UnitOrigin origin, Map<String, byte[]> files, java.time.Instant at) {
    if (origin.layout() == GitImports.Layout.kustomize) {
      try {
        return new Read(ChartManifests.data(holders.partOf(unitId, ChartManifests.parse(kustomizer.build(files,
            origin.path())))), null, null);
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
      String text = ChartManifests.data(holders.partOf(unitId,
          ChartManifests.documents(packed.rendered(), before.release().namespace())));
      return new Read(text, null, new ChartUnit(unitId, packed.rendered().chart(), before.origin(), packed.archive(),
          before.release(), text, at));
    } catch (TandemException e) {
      return new Read(null, "The chart at '" + origin.path() + "' does not render: " + e.getMessage(), null);
    }
  }

  /** Records what a taken commit rendered, in the caller's transaction. */
  void taken(Read read) {
    if (read.chart() != null) {
      charts.save(read.chart());
    }
  }
}
