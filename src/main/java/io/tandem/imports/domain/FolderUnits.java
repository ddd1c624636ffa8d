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
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The units of a Git import's rendered folders: a chart rendered with its own values (and recorded on its units, so
 * that they can be upgraded with other values or another chart), a Kustomize folder with {@code kubectl kustomize};
 * each rendering cut into units by {@link RenderParts}. A folder is reported as its Chart.yaml or kustomization.yaml,
 * once for each of its units.
 */
@Component
class FolderUnits {

  /** The import: repository, path, the namespace charts are rendered into, and where units go. */
  record Context(String url, String path, String namespace, GitImports.Target into, GroupBy groupBy) {}

  private final ChartRenderer renderer;
  private final Kustomizer kustomizer;
  private final UnitCommands units;
  private final ChartUnitStore store;
  private final TransactionTemplate transaction;
  private final Clock clock;
  private final long maxChartBytes;
  private final GitOrigins origins;
  private final RenderHolders holders;

  FolderUnits(ChartRenderer renderer, Kustomizer kustomizer, UnitCommands units, ChartUnitStore store,
      TransactionTemplate transaction, Clock clock, ImportsProperties settings, GitOrigins origins,
      RenderHolders holders) {
    this.holders = holders;
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
    Set<String> taken = plan.folders().isEmpty() ? Set.of() : holders.unitsOf(context.into().space());
    for (GitFolders.Folder folder : plan.folders()) {
      String prefix = ImportNames.slug(name(folder.path(), context.path(), context.url()));
      if (prefix.isEmpty()) {
        results.add(new FileResult(folder.marker(), null, Outcome.Failed, null, "No unit name can be made of this folder."));
      } else {
        results.addAll(importFolder(folder, files, prefix, context, taken, unitsSoFar));
      }
    }
    return results;
  }

  /** The folder rendered, cut into units ({@link RenderParts}), and each imported; the folder fails as a whole. */
  private List<FileResult> importFolder(GitFolders.Folder folder, Map<String, byte[]> files, String prefix,
      Context context, Set<String> taken, Map<String, String> unitsSoFar) {
    String location = context.path().isEmpty() ? folder.path()
        : folder.path().isEmpty() ? context.path() : context.path() + "/" + folder.path();
    String source = RenderGroup.ofGitFolder(context.url(), location);
    try {
      Rendering rendering = render(folder, files, context);
      List<RenderParts.Holder> before = holders.of(context.into().space(), source);
      List<RenderParts.Part> parts = RenderParts.plan(rendering.documents(), source, prefix,
          RenderParts.by(context.groupBy(), before), before, taken);
      for (RenderParts.Part part : parts) {
        String failure = part.slug() == null ? part.failure() : unitsSoFar.containsKey(part.slug())
            ? "Unit '" + part.slug() + "' is imported from " + unitsSoFar.get(part.slug()) + " already." : null;
        if (failure != null) {
          return List.of(new FileResult(folder.marker(), part.slug(), Outcome.Failed, null, failure));
        }
      }
      parts.forEach(part -> unitsSoFar.put(part.slug(), folder.path().isEmpty() ? "the root" : folder.path()));
      return transaction.execute(status -> parts.stream()
          .map(part -> importPart(folder, part, rendering, location, context)).toList());
    } catch (TandemException e) {
      return List.of(new FileResult(folder.marker(), prefix, Outcome.Failed, null, e.getMessage()));
    }
  }

  /** A folder's rendering: its objects, and for a chart what was rendered (null for Kustomize). */
  private record Rendering(List<ChartManifests.Document> documents, ChartRenderer.PackagedChart chart, String how) {}

  private Rendering render(GitFolders.Folder folder, Map<String, byte[]> files, Context context) {
    if (folder.kind() != GitFolders.Kind.chart) {
      List<ChartManifests.Document> documents = ChartManifests.parse(kustomizer.build(files, folder.path()));
      if (documents.isEmpty()) {
        throw TandemException.validation("The Kustomize folder renders no objects.");
      }
      return new Rendering(documents, null, "rendered with kubectl kustomize");
    }
    Release release = new Release(ImportNames.slug(name(folder.path(), context.path(), context.url())),
        context.namespace(), "");
    ChartRenderer.PackagedChart packed = renderer.renderFolder(folder.files(files), HelmImports.forHelm(release));
    if (packed.archive().length > maxChartBytes) {
      throw TandemException.validation("The chart packs to more than the " + maxChartBytes / 1024
          + " KiB a packaged chart may be (tandem.imports.max-chart-size).");
    }
    List<ChartManifests.Document> documents = ChartManifests.documents(packed.rendered(), context.namespace());
    if (documents.isEmpty()) {
      throw TandemException.validation("Chart " + HelmImports.describe(packed.rendered().chart()) + " renders no objects.");
    }
    return new Rendering(documents, packed, "chart " + HelmImports.describe(packed.rendered().chart()));
  }

  private FileResult importPart(GitFolders.Folder folder, RenderParts.Part part, Rendering rendering, String location,
      Context context) {
    GitImports.Target into = context.into();
    String data = ChartManifests.data(part.documents());
    Imported imported = units.importUnit(into.space(), part.slug(), data, into.target(),
        into.description() + ", " + rendering.how(), into.author());
    UUID unitId = imported.unit().id();
    if (rendering.chart() != null) {
      Release release = new Release(ImportNames.slug(name(folder.path(), context.path(), context.url())),
          context.namespace(), "");
      store.save(new ChartUnit(unitId, rendering.chart().rendered().chart(),
          new ChartOrigin(ChartOrigin.Source.git, context.url(), location), rendering.chart().archive(), release, data,
          clock.instant()));
    }
    holders.record(unitId, part.group());
    if (into.origin() != null) {
      origins.record(unitId, into.origin().at(folder.path(), rendering.chart() != null ? GitImports.Layout.chart
          : GitImports.Layout.kustomize), into.origin().commit(), data);
    }
    return new FileResult(folder.marker(), part.slug(), Outcome.valueOf(imported.outcome().name()),
        imported.unit().headRevisionNum(), null);
  }

  /** The name of a folder's unit: the folder, else the import's path, else the repository (its last segments). */
  static String name(String folder, String path, String url) {
    return !folder.isEmpty() ? folder : !path.isEmpty() ? path.substring(path.lastIndexOf('/') + 1) : ImportNames.lastSegment(url);
  }
}
