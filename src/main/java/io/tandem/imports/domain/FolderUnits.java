package io.tandem.imports.domain;

import io.tandem.common.error.TandemException;
import io.tandem.imports.ImportsProperties;
import io.tandem.imports.domain.GitImports.FileResult;
import io.tandem.imports.domain.GitImports.Outcome;
import io.tandem.unit.domain.Imported;
import io.tandem.unit.domain.UnitCommands;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The units of a Git import's rendered folders: a chart rendered with its own values (and recorded on its unit, so
 * that the unit can be upgraded with other values or another chart), a Kustomize folder with
 * {@code kubectl kustomize}. Each folder is reported once, as its Chart.yaml or kustomization.yaml.
 */
@Component
class FolderUnits {

  /** The import: repository, path, the namespace charts are rendered into, and where units go. */
  record Context(String url, String path, String namespace, GitImports.Target into) {}

  private final ChartRenderer renderer;
  private final Kustomizer kustomizer;
  private final UnitCommands units;
  private final ChartUnitStore store;
  private final TransactionTemplate transaction;
  private final Clock clock;
  private final long maxChartBytes;
  private final GitOrigins origins;

  FolderUnits(ChartRenderer renderer, Kustomizer kustomizer, UnitCommands units, ChartUnitStore store,
      TransactionTemplate transaction, Clock clock, ImportsProperties settings, GitOrigins origins) {
    this.origins = origins;
    this.renderer = renderer;
    this.kustomizer = kustomizer;
    this.units = units;
    this.store = store;
    this.transaction = transaction;
    this.clock = clock;
    this.maxChartBytes = settings.maxChartSize().toBytes();
  }

  Optional<String> kustomizeUnavailable() {
    return kustomizer.unavailable();
  }

  List<FileResult> importAll(GitFolders.Plan plan, Map<String, byte[]> files, Context context,
      Map<String, String> unitsSoFar) {
    List<FileResult> results = new ArrayList<>();
    for (GitFolders.Folder folder : plan.unrendered()) {
      results.add(new FileResult(folder.marker(), null, Outcome.Skipped, null, "A Kustomize folder, not rendered: "
          + kustomizer.unavailable().orElse("") + " Its YAML files are imported as they are."));
    }
    for (GitFolders.Folder folder : plan.folders()) {
      String slug = ImportNames.slug(name(folder.path(), context.path(), context.url()));
      if (slug.isEmpty()) {
        results.add(new FileResult(folder.marker(), null, Outcome.Failed, null, "No unit name can be made of this folder."));
      } else if (unitsSoFar.containsKey(slug)) {
        results.add(new FileResult(folder.marker(), slug, Outcome.Failed, null,
            "Unit '" + slug + "' is imported from " + unitsSoFar.get(slug) + " already."));
      } else {
        unitsSoFar.put(slug, folder.path().isEmpty() ? "the root" : folder.path());
        results.add(importFolder(folder, files, slug, context));
      }
    }
    return results;
  }

  private FileResult importFolder(GitFolders.Folder folder, Map<String, byte[]> files, String slug, Context context) {
    try {
      Imported imported = folder.kind() == GitFolders.Kind.chart
          ? importChart(folder, files, slug, context)
          : importKustomized(folder, files, slug, context);
      return new FileResult(folder.marker(), slug, Outcome.valueOf(imported.outcome().name()),
          imported.unit().headRevisionNum(), null);
    } catch (TandemException e) {
      return new FileResult(folder.marker(), slug, Outcome.Failed, null, e.getMessage());
    }
  }

  private Imported importKustomized(GitFolders.Folder folder, Map<String, byte[]> files, String slug, Context context) {
    GitImports.Target into = context.into();
    String data = kustomizer.build(files, folder.path());
    Imported imported = units.importUnit(into.space(), slug, data, into.target(),
        into.description() + ", rendered with kubectl kustomize", into.author());
    if (into.origin() != null) {
      origins.record(imported.unit().id(), into.origin().at(folder.path(), GitImports.Layout.kustomize),
          into.origin().commit(), data);
    }
    return imported;
  }

  private Imported importChart(GitFolders.Folder folder, Map<String, byte[]> files, String slug, Context context) {
    Release release = new Release(slug, context.namespace(), "");
    ChartRenderer.PackagedChart packed = renderer.renderFolder(folder.files(files), HelmImports.forHelm(release));
    if (packed.archive().length > maxChartBytes) {
      throw TandemException.validation("The chart packs to more than the " + maxChartBytes / 1024
          + " KiB a packaged chart may be (tandem.imports.max-chart-size).");
    }
    String data = ChartManifests.data(ChartManifests.documents(packed.rendered(), context.namespace()));
    if (data.isEmpty()) {
      throw TandemException.validation("Chart " + HelmImports.describe(packed.rendered().chart()) + " renders no objects.");
    }
    String location = context.path().isEmpty() ? folder.path()
        : folder.path().isEmpty() ? context.path() : context.path() + "/" + folder.path();
    GitImports.Target into = context.into();
    return transaction.execute(status -> {
      Imported imported = units.importUnit(into.space(), slug, data, into.target(),
          into.description() + ", chart " + HelmImports.describe(packed.rendered().chart()), into.author());
      store.save(new ChartUnit(imported.unit().id(), packed.rendered().chart(),
          new ChartOrigin(ChartOrigin.Source.git, context.url(), location), packed.archive(), release, null, data,
          clock.instant()));
      if (into.origin() != null) {
        origins.record(imported.unit().id(), into.origin().at(folder.path(), GitImports.Layout.chart),
            into.origin().commit(), data);
      }
      return imported;
    });
  }

  /** The name of a folder's unit: the folder, else the import's path, else the repository (its last segments). */
  static String name(String folder, String path, String url) {
    return !folder.isEmpty() ? folder : !path.isEmpty() ? path.substring(path.lastIndexOf('/') + 1) : ImportNames.lastSegment(url);
  }
}
