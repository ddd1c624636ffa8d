package io.tandem.imports.domain;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.naming.Slugs;
import io.tandem.git.domain.GitCredentials;
import io.tandem.git.domain.GitRemote;
import io.tandem.git.domain.GitRemoteException;
import io.tandem.git.domain.GitUrls;
import io.tandem.space.domain.SpaceService;
import io.tandem.unit.domain.Imported;
import io.tandem.unit.domain.UnitCommands;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Service;

/**
 * Imports units from a path of a Git repository at a ref: one unit per YAML file (named after its path), or one per
 * directory (its YAML files joined), and one per Helm chart or Kustomize folder, rendered ({@link GitFolders},
 * {@link FolderUnits}). Creates or updates units with source Import; files that are not YAML, or YAML that holds no
 * Kubernetes object, are skipped with a reason; a file or folder that cannot be read or rendered fails alone.
 */
@Service
public class GitImports {

  /**
   * How a unit is read from its files; {@code chart} and {@code kustomize}: rendered from such a folder (an origin's,
   * found by its Chart.yaml or kustomization.yaml, never asked for).
   */
  public enum Layout { file, directory, chart, kustomize }

  public enum Outcome { Created, Updated, Unchanged, Skipped, Failed }

  /** {@code namespace}: the namespace charts are rendered into (null: as Helm renders them outside a cluster). */
  /** {@code watch}: each plain unit is kept in step with its file or folder from now on ({@link GitOrigins}). */
  /** {@code groupBy}: how rendered folders are cut into units ({@link RenderParts}); null: by app. */
  public record Request(String url, String ref, String path, Layout layout, String target, GitCredentials credentials,
      String namespace, boolean watch, GroupBy groupBy) {}

  /** What happened to one file; {@code unit} and {@code revisionNum} when it went into a unit. */
  public record FileResult(String path, String unit, Outcome outcome, Integer revisionNum, String reason) {}

  public record Report(String url, String ref, String commit, String path, List<FileResult> files) {}

  private final UnitCommands units;
  private final SpaceService spaces;
  private final GitUrls urls;
  private final GitRemote remote;
  private final FolderUnits folders;

  private final GitOrigins origins;

  GitImports(UnitCommands units, SpaceService spaces, GitUrls urls, GitRemote remote, FolderUnits folders,
      GitOrigins origins) {
    this.origins = origins;
    this.units = units;
    this.spaces = spaces;
    this.urls = urls;
    this.remote = remote;
    this.folders = folders;
  }

  public Report importUnits(String space, Request request, String author) {
    spaces.get(space);
    String url = urls.require("url", request.url());
    String path = GitUrls.pathPrefix(request.path() == null ? "" : request.path());
    Layout layout = request.layout() == null ? Layout.file : request.layout();
    String ref = request.ref() == null || request.ref().isBlank() ? "HEAD" : request.ref().strip();
    String namespace = request.namespace() == null || request.namespace().isBlank() ? null
        : Slugs.require("namespace", request.namespace());
    GitRemote.Snapshot snapshot;
    try {
      snapshot = remote.read(url, request.credentials(), ref, path).orElseThrow(() -> TandemException.validation(
          "Ref '" + ref + "' is not in the repository (a branch, tag or commit was expected)."));
    } catch (GitRemoteException e) {
      throw new TandemException(ProblemCode.GIT_REMOTE_FAILED, "Cannot read the repository " + url + ": " + e.getMessage() + ".");
    }
    if (snapshot.files().isEmpty()) {
      throw TandemException.validation("Path '" + path + "' holds no files at that ref.");
    }
    // a path that names a file is imported from its folder, the file alone
    String folder = !snapshot.pathIsFile() ? path : path.contains("/") ? path.substring(0, path.lastIndexOf('/')) : "";
    String description = "Imported from " + url + (path.isEmpty() ? "" : " " + path) + " at " + ref + " ("
        + snapshot.commit().substring(0, 12) + ")";
    Target into = new Target(space, request.target(), description, author,
        request.watch() ? watching(url, ref, folder, request.credentials(), snapshot.commit()) : null);
    GitFolders.Plan plan = GitFolders.plan(snapshot.files(), folders.kustomizeUnavailable().isEmpty());
    Map<String, String> unitsSoFar = new LinkedHashMap<>();
    List<FileResult> results = new ArrayList<>(folders.importAll(plan, snapshot.files(),
        new FolderUnits.Context(url, folder, namespace, into, request.groupBy()), unitsSoFar));
    snapshot.skipped().forEach((file, why) -> results.add(new FileResult(file, null, Outcome.Skipped, null, why)));
    results.addAll(layout == Layout.file
        ? importFiles(plan.plain(), into, unitsSoFar)
        : importDirectories(folder, url, plan.plain(), into, unitsSoFar));
    results.sort(Comparator.comparing(FileResult::path));
    return new Report(url, ref, snapshot.commit(), path, results);
  }

  /**
   * Where units go, and how their revisions are described; {@code origin}: the repository each plain unit is kept in
   * step with (its {@code path} the import's), null when the import does not watch.
   */
  record Target(String space, String target, String description, String author, Watching origin) {}

  /** The repository read, at the commit read, for units kept in step with it. */
  record Watching(String url, String ref, String path, GitCredentials credentials, String commit) {

    GitOrigins.Watch at(String relative, Layout layout) {
      String within = path.isEmpty() ? relative : relative.isEmpty() ? path : path + "/" + relative;
      return new GitOrigins.Watch(url, ref, within, layout, credentials);
    }
  }

  /** The ref as an origin keeps it: a branch or tag as named, a commit the remote does not list by its full id. */
  private Watching watching(String url, String ref, String path, GitCredentials credentials, String commit) {
    GitCredentials given = credentials == null ? GitCredentials.NONE : credentials;
    try {
      return new Watching(url, remote.head(url, given, ref).isPresent() ? ref : commit, path, given, commit);
    } catch (GitRemoteException e) {
      throw new TandemException(ProblemCode.GIT_REMOTE_FAILED, "Cannot read the repository " + url + ": " + e.getMessage() + ".");
    }
  }

  private List<FileResult> importFiles(Map<String, String> files, Target into, Map<String, String> unitsSoFar) {
    List<FileResult> results = new ArrayList<>();
    files.forEach((file, text) -> {
      FileResult skipped = screen(file, text);
      if (skipped != null) {
        results.add(skipped);
        return;
      }
      String slug = ImportNames.slug(ImportNames.stripExtension(file));
      if (slug.isEmpty()) {
        results.add(new FileResult(file, null, Outcome.Failed, null, "No unit name can be made of this path."));
      } else if (unitsSoFar.containsKey(slug)) {
        results.add(new FileResult(file, slug, Outcome.Failed, null, "Unit '" + slug + "' is imported from " + unitsSoFar.get(slug) + " already."));
      } else {
        unitsSoFar.put(slug, file);
        results.addAll(importUnit(into, slug, text, List.of(file), Layout.file, file));
      }
    });
    return results;
  }

  private List<FileResult> importDirectories(String path, String url, Map<String, String> files, Target into,
      Map<String, String> unitsSoFar) {
    List<FileResult> results = new ArrayList<>();
    Map<String, List<String>> byDirectory = new LinkedHashMap<>();
    files.forEach((file, text) -> {
      FileResult skipped = screen(file, text);
      if (skipped != null) {
        results.add(skipped);
      } else {
        byDirectory.computeIfAbsent(file.contains("/") ? file.substring(0, file.lastIndexOf('/')) : "", dir -> new ArrayList<>()).add(file);
      }
    });
    byDirectory.forEach((directory, members) -> {
      String data = OriginText.joined(members.stream().map(files::get).toList());
      String slug = ImportNames.slug(FolderUnits.name(directory, path, url));
      if (slug.isEmpty()) {
        members.forEach(member -> results.add(new FileResult(member, null, Outcome.Failed, null, "No unit name can be made of this directory.")));
      } else if (unitsSoFar.containsKey(slug)) {
        members.forEach(member -> results.add(new FileResult(member, slug, Outcome.Failed, null,
            "Unit '" + slug + "' is imported from " + unitsSoFar.get(slug) + " already.")));
      } else {
        unitsSoFar.put(slug, directory.isEmpty() ? "the root" : directory);
        results.addAll(importUnit(into, slug, data, members, Layout.directory, directory));
      }
    });
    return results;
  }

  private List<FileResult> importUnit(Target into, String slug, String data, List<String> files, Layout layout,
      String origin) {
    List<FileResult> results = new ArrayList<>();
    try {
      Imported imported = units.importUnit(into.space(), slug, data, into.target(), into.description(), into.author());
      if (into.origin() != null) {
        origins.record(imported.unit().id(), into.origin().at(origin, layout), into.origin().commit(), data);
      }
      Outcome outcome = Outcome.valueOf(imported.outcome().name());
      files.forEach(file -> results.add(new FileResult(file, slug, outcome, imported.unit().headRevisionNum(), null)));
    } catch (TandemException e) {
      files.forEach(file -> results.add(new FileResult(file, slug, Outcome.Failed, null, e.getMessage())));
    }
    return results;
  }

  /** A result for a file that is not to become (part of) a unit, with why; null for a candidate. */
  private static FileResult screen(String file, String text) {
    ManifestFiles.Verdict verdict = ManifestFiles.screen(file, text);
    return verdict == null ? null
        : new FileResult(file, null, verdict.failed() ? Outcome.Failed : Outcome.Skipped, null, verdict.reason());
  }
}
