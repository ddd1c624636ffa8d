package io.tandem.imports.domain;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.naming.Slugs;
import io.tandem.common.yaml.KubernetesResource;
import io.tandem.space.domain.SpaceService;
import io.tandem.unit.domain.Imported;
import io.tandem.unit.domain.UnitCommands;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Imports a Helm chart: renders it with Helm and makes units of the rendering (source Import), cut as
 * {@link RenderParts} cuts it (by app unless asked otherwise; again as before when the release was imported before),
 * each recording the chart, the release and its part of the rendering, all in one transaction: a chart that fails
 * anywhere changes nothing. The chart is fetched and rendered before the transaction begins.
 */
@Service
public class HelmImports {

  public record Request(ChartSource chart, String release, String namespace, String values, String target,
      boolean dryRun, GroupBy groupBy) {}

  public enum Outcome { Created, Updated, Unchanged, Planned }

  /** A unit the chart made (or would make, in a dry run), and its objects. */
  public record UnitResult(String unit, Outcome outcome, Integer revisionNum, List<KubernetesResource> objects) {}

  public record Report(ChartMetadata chart, String release, String target, boolean dryRun, List<UnitResult> units) {}

  private final SpaceService spaces;
  private final UnitCommands units;
  private final ChartLoader loader;
  private final ChartRenderer renderer;
  private final ChartUnitStore store;
  private final TransactionTemplate transaction;
  private final Clock clock;
  private final RenderHolders holders;

  HelmImports(SpaceService spaces, UnitCommands units, ChartLoader loader, ChartRenderer renderer, ChartUnitStore store,
      TransactionTemplate transaction, Clock clock, RenderHolders holders) {
    this.holders = holders;
    this.spaces = spaces;
    this.units = units;
    this.loader = loader;
    this.renderer = renderer;
    this.store = store;
    this.transaction = transaction;
    this.clock = clock;
  }

  public Report importChart(String space, Request request, String author) {
    spaces.get(space);
    if (request.chart() == null) {
      throw TandemException.validation("Field 'chart' is required with source helm: a packaged chart (.tgz) in base64, an"
          + " oci:// reference, or {\"repo\", \"name\", \"version\"} of an HTTP chart repository.");
    }
    String release = request.release() == null ? null : Slugs.require("release", request.release());
    String namespace = request.namespace() == null || request.namespace().isBlank() ? null
        : Slugs.require("namespace", request.namespace());
    String target = request.target() == null ? null : Slugs.require("target", request.target());
    String values = ChartValues.require(request.values());
    renderer.unavailable().ifPresent(why -> {
      throw new TandemException(ProblemCode.HELM_UNAVAILABLE, why);
    });
    LoadedChart loaded = loader.load(request.chart());
    RenderedChart rendered = renderer.render(loaded.archive(), forHelm(new Release(release, namespace, values)));
    String releaseName = release != null ? release : ImportNames.slug(rendered.chart().name());
    List<ChartManifests.Document> documents = ChartManifests.documents(rendered, namespace);
    if (documents.isEmpty()) {
      throw TandemException.validation("Chart " + describe(rendered.chart()) + " renders no objects with these values.");
    }
    String source = RenderGroup.ofChart(loaded.origin(), releaseName);
    List<RenderParts.Holder> holders = this.holders.of(space, source);
    List<RenderParts.Part> planned = RenderParts.plan(documents, source, releaseName,
        RenderParts.by(request.groupBy(), holders), holders, this.holders.unitsOf(space));
    RenderParts.Part unnamed = planned.stream().filter(part -> part.slug() == null).findFirst().orElse(null);
    if (unnamed != null) {
      throw TandemException.conflict(unnamed.failure());
    }
    if (request.dryRun()) {
      return new Report(rendered.chart(), releaseName, target, true, planned.stream()
          .map(unit -> new UnitResult(unit.slug(), Outcome.Planned, null, objects(unit))).toList());
    }
    Release recorded = new Release(releaseName, namespace, values);
    String description = "Imported from chart " + describe(rendered.chart()) + ", release " + releaseName;
    List<UnitResult> results = transaction.execute(status -> {
      List<UnitResult> made = new ArrayList<>();
      for (RenderParts.Part unit : planned) {
        String data = ChartManifests.data(unit.documents());
        Imported imported = units.importUnit(space, unit.slug(), data, target, description, author);
        store.save(new ChartUnit(imported.unit().id(), rendered.chart(), loaded.origin(), loaded.archive(), recorded,
            data, clock.instant()));
        this.holders.record(imported.unit().id(), unit.group());
        made.add(new UnitResult(unit.slug(), Outcome.valueOf(imported.outcome().name()),
            imported.unit().headRevisionNum(), objects(unit)));
      }
      return made;
    });
    return new Report(rendered.chart(), releaseName, target, false, results);
  }

  /**
   * The release as Helm is given it: no release name makes Helm use the chart's name; no namespace renders into
   * {@code default}, as {@code helm template} does outside a cluster (the objects are then left as rendered).
   */
  static Release forHelm(Release release) {
    return new Release(release.name() == null ? "" : release.name(),
        release.namespace() == null ? "default" : release.namespace(), release.values());
  }

  private static List<KubernetesResource> objects(RenderParts.Part part) {
    return part.documents().stream().map(ChartManifests.Document::resource).toList();
  }

  static String describe(ChartMetadata chart) {
    return chart.name() + " " + chart.version();
  }
}
