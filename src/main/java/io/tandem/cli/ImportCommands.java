package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.ImportsApi;
import io.tandem.client.model.ChartReference;
import io.tandem.client.model.ImportRequest;
import io.tandem.client.model.ImportRequestChart;
import io.tandem.client.model.ImportResponse;
import io.tandem.client.model.ImportedUnit;
import io.tandem.client.model.SkippedObject;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "import", mixinStandardHelpOptions = true, description = "Bring existing configuration in: from a cluster or a Helm chart")
class ImportCommands extends TandemCli.Group {

  @Spec CommandSpec spec;

  @Option(names = {"-s", "--space"}, descriptionKey = SpaceDefault.KEY, scope = picocli.CommandLine.ScopeType.INHERIT,
      description = "The space (default the context's)")
  String space;

  @Command(name = "helm", description = "Render a Helm chart into units (one per app, unless --group-by says otherwise)")
  int helm(
      @Option(names = "--chart", description = "A packaged chart (.tgz file) or an oci:// reference") String chart,
      @Option(names = "--repo", description = "An HTTP chart repository's URL (with --name)") String repo,
      @Option(names = "--name", description = "The chart's name in the repository") String name,
      @Option(names = "--version", description = "The chart's version in the repository (default the newest)") String version,
      @Option(names = "--release", description = "The release name (default the chart's name); names the unit") String release,
      @Option(names = {"-n", "--namespace"}, description = "The namespace to render into") String namespace,
      @Option(names = {"-f", "--values"}, description = "A values file (YAML; - for standard input)") String values,
      @Option(names = "--target", description = "The target of the units created") String target,
      @Option(names = "--group-by", description = "app (default), namespace, object, kind or chart (one unit)")
          ImportRequest.GroupByEnum groupBy,
      @Option(names = "--split", hidden = true, description = "The older name of --group-by (chart or kind)") String split,
      @Option(names = "--dry-run", description = "List the units and objects, create nothing") boolean dryRun)
      throws ApiException {
    if ((chart == null) == (repo == null) || (repo != null) != (name != null)) {
      throw new ParameterException(spec.commandLine(), "Give --chart, or --repo with --name.");
    }
    ImportRequest request = new ImportRequest().source(ImportRequest.SourceEnum.HELM)
        .chart(repo != null ? new ImportRequestChart(new ChartReference().repo(repo).name(name).version(version))
            : new ImportRequestChart(InputFiles.chart(spec, chart)))
        .release(release).namespace(namespace).values(values == null ? null : InputFiles.text(spec, values)).target(target)
        .groupBy(groupBy).split(split == null ? null : ImportRequest.SplitEnum.fromValue(split))
        .dryRun(dryRun ? Boolean.TRUE : null);
    ImportResponse response = new ImportsApi(root.client()).importUnits(space, request);
    root.output().print(response, response.getUnits(),
        new Output.Column<ImportedUnit>("UNIT", ImportedUnit::getUnit),
        new Output.Column<ImportedUnit>("OUTCOME", ImportedUnit::getOutcome),
        new Output.Column<ImportedUnit>("REVISION", ImportedUnit::getRevisionNum),
        new Output.Column<ImportedUnit>("OBJECTS", unit -> unit.getObjects() == null ? 0 : unit.getObjects().size()),
        new Output.Column<ImportedUnit>("CHART", unit -> response.getChart() == null ? null
            : response.getChart().getName() + " " + response.getChart().getVersion()));
    return 0;
  }

  @Command(name = "cluster", description = "Units, born live, from the objects on a target's cluster:"
      + " tandem import cluster -s shop --target prod --namespace shop --dry-run")
  int cluster(
      @Option(names = "--target", required = true, description = "The target whose cluster is read") String target,
      @Option(names = {"-n", "--namespace"}, description = "A namespace to read (repeatable); default all but the"
          + " cluster's own") List<String> namespaces,
      @Option(names = "--kind", description = "Kind or group/Kind to read (repeatable); default every namespaced kind")
          List<String> kinds,
      @Option(names = {"-l", "--selector"}, description = "A label selector") String selector,
      @Option(names = "--name", description = "Only objects of this name (repeatable); named objects are never left out")
          List<String> names,
      @Option(names = "--group-by", description = "namespace, app (default) or object") ImportRequest.GroupByEnum groupBy,
      @Option(names = "--dry-run", description = "List the units and objects it would make; make nothing") boolean dryRun)
      throws ApiException {
    ImportResponse report = new ImportsApi(root.client()).importUnits(space, new ImportRequest()
        .source(ImportRequest.SourceEnum.CLUSTER).target(target).namespaces(namespaces).kinds(kinds).labelSelector(selector)
        .names(names).groupBy(groupBy).dryRun(dryRun));
    Output output = root.output();
    output.print(report, report.getUnits(),
        new Output.Column<ImportedUnit>("UNIT", ImportedUnit::getUnit),
        new Output.Column<ImportedUnit>("OUTCOME", ImportedUnit::getOutcome),
        new Output.Column<ImportedUnit>("REVISION", ImportedUnit::getRevisionNum),
        new Output.Column<ImportedUnit>("OBJECTS", unit -> unit.getObjects().stream()
            .map(object -> object.getKind() + " " + object.getNamespace() + "/" + object.getName())
            .collect(Collectors.joining(", "))),
        new Output.Column<ImportedUnit>("REASON", ImportedUnit::getReason));
    if (root.format == Output.Format.table && report.getSkipped() != null && !report.getSkipped().isEmpty()) {
      output.text("");
      output.print(report, report.getSkipped(),
          new Output.Column<SkippedObject>("SKIPPED", object -> object.getKind() + " " + object.getNamespace() + "/" + object.getName()),
          new Output.Column<SkippedObject>("WHY", SkippedObject::getReason));
    }
    return 0;
  }
}
