package io.tandem.imports.api;

import io.tandem.common.error.TandemException;
import io.tandem.common.web.Authors;
import io.tandem.imports.domain.ClusterImports;
import io.tandem.imports.domain.GitImports;
import io.tandem.imports.domain.GroupBy;
import io.tandem.imports.domain.HelmImports;
import java.security.Principal;
import java.util.List;
import java.util.Locale;
import org.springframework.web.bind.annotation.RestController;

@RestController
class ImportsController implements ImportsApi {

  private final GitImports gitImports;
  private final HelmImports helmImports;
  private final ClusterImports clusterImports;

  ImportsController(GitImports gitImports, HelmImports helmImports, ClusterImports clusterImports) {
    this.gitImports = gitImports;
    this.helmImports = helmImports;
    this.clusterImports = clusterImports;
  }

  @Override
  public ImportResponse importUnits(String space, ImportRequest request, Principal principal) {
    String source = request.source() == null ? "git" : request.source().strip().toLowerCase(Locale.ROOT);
    return switch (source) {
      case "git" -> fromGit(space, request, Authors.of(principal));
      case "helm" -> fromHelm(space, request, Authors.of(principal));
      case "cluster" -> ClusterImportResponses.fromCluster(clusterImports, space, request, Authors.of(principal));
      default -> throw TandemException.validation(
          "Field 'source' must be 'git', 'cluster' or 'helm', not '" + request.source() + "'.");
    };
  }

  private ImportResponse fromGit(String space, ImportRequest request, String author) {
    GitImports.Report report = gitImports.importUnits(space,
        new GitImports.Request(request.url(), request.ref(), request.path(), OriginsController.layout(request.layout()), request.target(),
            request.credentials() == null ? null : request.credentials().toCredentials(), request.namespace(),
            Boolean.TRUE.equals(request.watch()), groupBy(request.groupBy(), null)),
        author);
    List<ImportedFile> files = report.files().stream()
        .map(file -> new ImportedFile(file.path(), file.unit(), file.outcome().name(), file.revisionNum(), file.reason()))
        .toList();
    return new ImportResponse("git", report.url(), report.ref(), report.commit(), report.path(),
        new ImportSummary(count(report, GitImports.Outcome.Created), count(report, GitImports.Outcome.Updated),
            count(report, GitImports.Outcome.Unchanged), count(report, GitImports.Outcome.Skipped),
            count(report, GitImports.Outcome.Failed)),
        files, request.target(), false, null, null, null);
  }

  private ImportResponse fromHelm(String space, ImportRequest request, String author) {
    HelmImports.Report report = helmImports.importChart(space, new HelmImports.Request(ChartRequests.source(request.chart()),
        request.release(), request.namespace(), request.values(), request.target(), Boolean.TRUE.equals(request.dryRun()),
        groupBy(request.groupBy(), request.split())), author);
    List<ImportedUnit> units = report.units().stream()
        .map(unit -> new ImportedUnit(unit.unit(), unit.outcome().name(), unit.revisionNum(), unit.objects().stream()
            .map(object -> new ImportedObject(object.apiVersion(), object.kind(), object.namespace(), object.name()))
            .toList(), null))
        .toList();
    return new ImportResponse("helm", null, null, null, null,
        new ImportSummary(count(report, HelmImports.Outcome.Created), count(report, HelmImports.Outcome.Updated),
            count(report, HelmImports.Outcome.Unchanged), 0, 0),
        null, report.target(), report.dryRun(), ChartRequests.info(report.chart()), units, null);
  }

  private static int count(GitImports.Report report, GitImports.Outcome outcome) {
    return (int) report.files().stream().filter(file -> file.outcome() == outcome).count();
  }

  private static int count(HelmImports.Report report, HelmImports.Outcome outcome) {
    return (int) report.units().stream().filter(unit -> unit.outcome() == outcome).count();
  }

  /** The grouping of a rendering; {@code split}, the field it replaces, is read as it was ({@code chart}, {@code kind}). */
  private static GroupBy groupBy(String groupBy, String split) {
    if (split != null && groupBy != null) {
      throw TandemException.validation("Send 'groupBy' or 'split' (its older name), not both.");
    }
    String asked = groupBy != null ? groupBy : split;
    if (asked == null) {
      return null;
    }
    try {
      GroupBy by = GroupBy.valueOf(asked.strip().toLowerCase(Locale.ROOT));
      if (split != null && by != GroupBy.chart && by != GroupBy.kind) {
        throw new IllegalArgumentException(split);
      }
      return by;
    } catch (IllegalArgumentException e) {
      throw TandemException.validation(split != null ? "Field 'split' must be 'chart' or 'kind', not '" + split + "'."
          : "Field 'groupBy' must be 'app', 'namespace', 'object', 'kind' or 'chart', not '" + groupBy + "'.");
    }
  }
}
