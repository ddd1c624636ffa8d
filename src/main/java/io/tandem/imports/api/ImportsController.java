package io.tandem.imports.api;

import io.tandem.common.error.TandemException;
import io.tandem.common.web.Authors;
import io.tandem.git.domain.ImportService;
import io.tandem.imports.domain.ClusterImports;
import java.security.Principal;
import java.util.List;
import java.util.Locale;
import org.springframework.web.bind.annotation.RestController;

@RestController
class ImportsController implements ImportsApi {

  private final ImportService gitImports;
  private final ClusterImports clusterImports;

  ImportsController(ImportService gitImports, ClusterImports clusterImports) {
    this.gitImports = gitImports;
    this.clusterImports = clusterImports;
  }

  @Override
  public ImportResponse importUnits(String space, ImportRequest request, Principal principal) {
    String source = request.source() == null ? "git" : request.source().strip().toLowerCase(Locale.ROOT);
    return switch (source) {
      case "git" -> fromGit(space, request, Authors.of(principal));
      case "cluster" -> ClusterImportResponses.fromCluster(clusterImports, space, request, Authors.of(principal));
      default -> throw TandemException.validation(
          "Field 'source' must be 'git', 'cluster' or 'helm', not '" + request.source() + "'.");
    };
  }

  private ImportResponse fromGit(String space, ImportRequest request, String author) {
    ImportService.Report report = gitImports.importUnits(space,
        new ImportService.Request(request.url(), request.ref(), request.path(), layout(request.layout()), request.target(),
            request.credentials() == null ? null : request.credentials().toCredentials()),
        author);
    List<ImportedFile> files = report.files().stream()
        .map(file -> new ImportedFile(file.path(), file.unit(), file.outcome().name(), file.revisionNum(), file.reason()))
        .toList();
    return new ImportResponse("git", report.url(), report.ref(), report.commit(), report.path(),
        new ImportSummary(count(report, ImportService.Outcome.Created), count(report, ImportService.Outcome.Updated),
            count(report, ImportService.Outcome.Unchanged), count(report, ImportService.Outcome.Skipped),
            count(report, ImportService.Outcome.Failed)),
        files, request.target(), false, null, null, null);
  }

  private static int count(ImportService.Report report, ImportService.Outcome outcome) {
    return (int) report.files().stream().filter(file -> file.outcome() == outcome).count();
  }

  private static ImportService.Layout layout(String layout) {
    if (layout == null) {
      return null;
    }
    try {
      return ImportService.Layout.valueOf(layout.toLowerCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw TandemException.validation("Field 'layout' must be 'file' or 'directory', not '" + layout + "'.");
    }
  }
}
