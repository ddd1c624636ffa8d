package io.tandem.cli;

import io.tandem.client.ApiException;
import io.tandem.client.api.ImportsApi;
import io.tandem.client.model.ImportRequest;
import io.tandem.client.model.ImportResponse;
import io.tandem.client.model.ImportedUnit;
import io.tandem.client.model.SkippedObject;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "import", mixinStandardHelpOptions = true, description = "Bring existing configuration in: cluster")
class ImportCommands extends TandemCli.Group {

  @Option(names = {"-s", "--space"}, required = true, scope = picocli.CommandLine.ScopeType.INHERIT, description = "The space")
  String space;

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
