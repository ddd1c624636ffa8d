package io.tandem.imports.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tandem.common.access.Access;
import io.tandem.common.access.Role;
import io.tandem.git.api.GitApi.CredentialsRequest;
import java.security.Principal;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;

@Tag(name = "imports", description = "Bring existing configuration in: from a Git repository, a live cluster or a Helm chart")
@RequestMapping(path = "/api/v1/spaces/{space}", produces = MediaType.APPLICATION_JSON_VALUE)
public interface ImportsApi {

  @Operation(
      operationId = "importUnits",
      summary = "Create or update units (source Import) from the YAML files under a path of a Git repository, the"
          + " objects of a live cluster, or a Helm chart")
  @Access(value = Access.Who.SPACE_ROLE, role = Role.editor, expensive = true)
  @PostMapping(path = "/imports", consumes = MediaType.APPLICATION_JSON_VALUE)
  ImportResponse importUnits(@PathVariable("space") String space, @RequestBody ImportRequest request, Principal principal);

  @Schema(name = "ImportRequest", description = "Which fields apply depends on source")
  record ImportRequest(
      @Schema(description = "Where the configuration comes from; default git", allowableValues = {"git", "cluster", "helm"})
          String source,
      @Schema(description = "git: the repository's URL", example = "https://github.com/acme/deploy.git") String url,
      @Schema(description = "git: branch, tag or commit; default the repository's HEAD") String ref,
      @Schema(description = "git: folder in the repository; default the root") String path,
      @Schema(description = "git: file: one unit per YAML file (default); directory: one unit per folder",
          allowableValues = {"file", "directory"}) String layout,
      @Schema(description = "git and helm: target of the units created; cluster: the target to read, required") String target,
      @Schema(description = "git: for a private repository") CredentialsRequest credentials,
      @Schema(description = "cluster: the namespaces to read; default all but the cluster's own") List<String> namespaces,
      @Schema(description = "cluster: kinds to read (Kind, or group/Kind for a kind of several groups); default every"
          + " namespaced kind that is not owned by another object", example = "[\"Deployment\", \"Service\"]") List<String> kinds,
      @Schema(description = "cluster: a Kubernetes label selector", example = "app.kubernetes.io/part-of=shop") String labelSelector,
      @Schema(description = "cluster: only objects of these names") List<String> names,
      @Schema(description = "How objects are cut into units. cluster: one unit per namespace, per app (the"
          + " app.kubernetes.io/name or app label, default) or per object. helm, and the charts and Kustomize folders"
          + " of a git import: per app (default; an object without the label goes to the app its name carries), per"
          + " namespace, object or kind (<release>-<kind>), or one unit for the whole rendering (chart); a rendering"
          + " whose objects make one group is one unit named after the release or folder. Imported again, each"
          + " object stays in the unit that holds it, and the grouping it was made with is kept unless another is"
          + " asked for", allowableValues = {"namespace", "app", "object", "kind", "chart"}) String groupBy,
      @Schema(description = "cluster and helm: list the units and objects it would create, and create nothing") Boolean dryRun,
      @Schema(description = "helm: a packaged chart (.tgz) in base64, an oci:// reference, or a chart of an HTTP repository",
          oneOf = {String.class, ChartReference.class}) Object chart,
      @Schema(description = "helm: the release name the chart is rendered with; default the chart's name") String release,
      @Schema(description = "helm, and the charts of a git import: the namespace the chart is rendered into, and given"
          + " to its namespaced objects that name none; default: rendered as helm template does outside a cluster"
          + " (default), the objects left as rendered") String namespace,
      @Schema(description = "helm: values, as YAML (a mapping); default the chart's own") String values,
      @Schema(description = "helm: the older name of groupBy, for chart and kind", deprecated = true,
          allowableValues = {"chart", "kind"}) String split,
      @Schema(description = "git: keep each unit of plain files in step with its file or folder from now on (its"
          + " origin): each new commit there is merged into it")
          Boolean watch) {}

  @Schema(name = "ChartReference", description = "A chart of an HTTP chart repository")
  record ChartReference(
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "https://charts.example.com") String repo,
      @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "podinfo") String name,
      @Schema(description = "Default the newest", example = "6.7.1") String version) {}

  @Schema(name = "ImportResponse")
  record ImportResponse(
      @Schema(allowableValues = {"git", "cluster", "helm"}) String source,
      @Schema(description = "git") String url,
      @Schema(description = "git") String ref,
      @Schema(description = "git: the commit read") String commit,
      @Schema(description = "git") String path,
      ImportSummary summary,
      @Schema(description = "git: what became of each file") List<ImportedFile> files,
      @Schema(description = "cluster and helm: the target of the units") String target,
      @Schema(description = "cluster and helm: nothing was created") boolean dryRun,
      @Schema(description = "helm: the chart rendered") ChartInfo chart,
      @Schema(description = "cluster and helm: the units and the objects in each (CRDs first)") List<ImportedUnit> units,
      @Schema(description = "cluster: objects selected but left out, with why") List<SkippedObject> skipped,
      @Schema(description = "cluster: kinds that could not be listed when every kind was asked for, with why"
          + " (apps/ReplicaSet: HTTP 403 from the cluster (Forbidden))") List<String> unread) {

    ImportResponse(String source, String url, String ref, String commit, String path, ImportSummary summary,
        List<ImportedFile> files, String target, boolean dryRun, ChartInfo chart, List<ImportedUnit> units,
        List<SkippedObject> skipped) {
      this(source, url, ref, commit, path, summary, files, target, dryRun, chart, units, skipped, null);
    }
  }

  @Schema(name = "ChartInfo", description = "A Helm chart, as its Chart.yaml names it")
  record ChartInfo(String name, String version, @Schema(description = "The chart's appVersion") String appVersion) {}

  @Schema(name = "ImportedUnit")
  record ImportedUnit(
      String unit,
      @Schema(allowableValues = {"Created", "Updated", "Unchanged", "Planned", "Failed"},
          description = "Planned in a dry run") String outcome,
      Integer revisionNum,
      List<ImportedObject> objects,
      @Schema(description = "Why it failed") String reason) {}

  @Schema(name = "ImportedObject")
  record ImportedObject(String apiVersion, String kind, String namespace, String name) {}

  @Schema(name = "SkippedObject")
  record SkippedObject(
      String apiVersion,
      String kind,
      String namespace,
      String name,
      @Schema(description = "Why it was left out") String reason,
      @Schema(description = "The unit that holds it already, when that is why") String unit) {}

  @Schema(name = "ImportSummary", description = "Files (git) or units by outcome")
  record ImportSummary(int created, int updated, int unchanged, int skipped, int failed) {}

  @Schema(name = "ImportedFile")
  record ImportedFile(
      String path,
      @Schema(description = "The unit the file went into") String unit,
      @Schema(allowableValues = {"Created", "Updated", "Unchanged", "Skipped", "Failed"}) String outcome,
      Integer revisionNum,
      @Schema(description = "Why it was skipped or failed") String reason) {}
}
