package io.tandem.imports.api;

import io.tandem.common.error.TandemException;
import io.tandem.imports.api.ImportsApi.ImportRequest;
import io.tandem.imports.api.ImportsApi.ImportResponse;
import io.tandem.imports.api.ImportsApi.ImportSummary;
import io.tandem.imports.api.ImportsApi.ImportedObject;
import io.tandem.imports.api.ImportsApi.ImportedUnit;
import io.tandem.imports.api.ImportsApi.SkippedObject;
import io.tandem.imports.domain.ClusterImports;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A cluster import's request and answer at the HTTP edge. */
final class ClusterImportResponses {

  private ClusterImportResponses() {}

  static ImportResponse fromCluster(ClusterImports imports, String space, ImportRequest request, String author) {
    refuseOtherSources(request);
    ClusterImports.Report report = imports.importUnits(space,
        new ClusterImports.Request(request.target(), request.namespaces(), request.kinds(), request.labelSelector(),
            request.names(), request.groupBy(), Boolean.TRUE.equals(request.dryRun())),
        author);
    List<ImportedUnit> units = report.units().stream()
        .map(unit -> new ImportedUnit(unit.unit(), unit.outcome().name(), unit.revisionNum(),
            unit.objects().stream().map(object -> new ImportedObject(object.apiVersion(), object.kind(), object.namespace(),
                object.name())).toList(), unit.reason()))
        .toList();
    List<SkippedObject> skipped = report.skipped().stream()
        .map(skip -> new SkippedObject(skip.object().apiVersion(), skip.object().kind(), skip.object().namespace(),
            skip.object().name(), skip.reason(), skip.unit()))
        .toList();
    ImportSummary summary = new ImportSummary(count(report, ClusterImports.Outcome.Created), 0, 0, skipped.size(),
        count(report, ClusterImports.Outcome.Failed));
    return new ImportResponse("cluster", null, null, null, null, summary, null, report.target(), report.dryRun(), null,
        units, skipped, report.unread());
  }

  /** Fields of the other sources are a mistake here, not something to ignore. */
  private static void refuseOtherSources(ImportRequest request) {
    Map<String, Object> others = new LinkedHashMap<>();
    others.put("url", request.url());
    others.put("ref", request.ref());
    others.put("path", request.path());
    others.put("layout", request.layout());
    others.put("credentials", request.credentials());
    others.put("chart", request.chart());
    others.put("release", request.release());
    others.put("namespace", request.namespace());
    others.put("values", request.values());
    List<String> given = new ArrayList<>();
    others.forEach((field, value) -> {
      if (value != null) {
        given.add(field);
      }
    });
    if (!given.isEmpty()) {
      throw TandemException.validation("Field(s) " + String.join(", ", given)
          + " do not apply to source 'cluster' (it takes target, namespaces, kinds, labelSelector, names, groupBy, dryRun).");
    }
  }

  private static int count(ClusterImports.Report report, ClusterImports.Outcome outcome) {
    return (int) report.units().stream().filter(unit -> unit.outcome() == outcome).count();
  }
}
