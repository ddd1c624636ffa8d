package io.tandem.git.domain;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.space.domain.SpaceService;
import io.tandem.unit.domain.Imported;
import io.tandem.unit.domain.UnitCommands;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.stereotype.Service;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Imports units from a path of a Git repository at a ref: one unit per YAML file (named after its path), or one per
 * directory (its YAML files joined). Creates or updates units with source Import; files that are not YAML, or YAML
 * that holds no Kubernetes object, are skipped with a reason; a file that cannot be read fails alone.
 */
@Service
public class ImportService {

  public enum Layout { file, directory }

  public enum Outcome { Created, Updated, Unchanged, Skipped, Failed }

  public record Request(String url, String ref, String path, Layout layout, String target, GitCredentials credentials) {}

  /** What happened to one file; {@code unit} and {@code revisionNum} when it went into a unit. */
  public record FileResult(String path, String unit, Outcome outcome, Integer revisionNum, String reason) {}

  public record Report(String url, String ref, String commit, String path, List<FileResult> files) {}

  private final UnitCommands units;
  private final SpaceService spaces;
  private final GitUrls urls;
  private final GitRemote remote;

  ImportService(UnitCommands units, SpaceService spaces, GitUrls urls, GitRemote remote) {
    this.units = units;
    this.spaces = spaces;
    this.urls = urls;
    this.remote = remote;
  }

  public Report importUnits(String space, Request request, String author) {
    spaces.get(space);
    String url = urls.require("url", request.url());
    String path = GitUrls.pathPrefix(request.path() == null ? "" : request.path());
    Layout layout = request.layout() == null ? Layout.file : request.layout();
    String ref = request.ref() == null || request.ref().isBlank() ? "HEAD" : request.ref().strip();
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
    String description = "Imported from " + url + (path.isEmpty() ? "" : " " + path) + " at " + ref + " ("
        + snapshot.commit().substring(0, 12) + ")";
    List<FileResult> results = layout == Layout.file
        ? importFiles(space, snapshot.files(), request.target(), description, author)
        : importDirectories(space, path, url, snapshot.files(), request.target(), description, author);
    return new Report(url, ref, snapshot.commit(), path, results);
  }

  private List<FileResult> importFiles(String space, Map<String, String> files, String target,
      String description, String author) {
    List<FileResult> results = new ArrayList<>();
    Map<String, String> unitsSoFar = new LinkedHashMap<>();
    files.forEach((file, text) -> {
      FileResult skipped = screen(file, text);
      if (skipped != null) {
        results.add(skipped);
        return;
      }
      String slug = slug(stripExtension(file));
      if (slug.isEmpty()) {
        results.add(new FileResult(file, null, Outcome.Failed, null, "No unit name can be made of this path."));
      } else if (unitsSoFar.containsKey(slug)) {
        results.add(new FileResult(file, slug, Outcome.Failed, null, "Unit '" + slug + "' is imported from " + unitsSoFar.get(slug) + " already."));
      } else {
        unitsSoFar.put(slug, file);
        results.add(importUnit(space, slug, text, target, description, author, List.of(file)).get(0));
      }
    });
    return results;
  }

  private List<FileResult> importDirectories(String space, String path, String url, Map<String, String> files,
      String target, String description, String author) {
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
      String name = !directory.isEmpty() ? directory
          : !path.isEmpty() ? path.substring(path.lastIndexOf('/') + 1)
          : stripExtension(url.replaceAll("/+$", "").substring(url.replaceAll("/+$", "").lastIndexOf('/') + 1));
      StringBuilder data = new StringBuilder();
      for (String member : members) {
        String text = files.get(member);
        data.append(data.length() == 0 ? "" : "---\n").append(text).append(text.endsWith("\n") ? "" : "\n");
      }
      String slug = slug(name);
      if (slug.isEmpty()) {
        members.forEach(member -> results.add(new FileResult(member, null, Outcome.Failed, null, "No unit name can be made of this directory.")));
      } else {
        results.addAll(importUnit(space, slug, data.toString(), target, description, author, members));
      }
    });
    results.sort(Comparator.comparing(FileResult::path));
    return results;
  }

  private List<FileResult> importUnit(String space, String slug, String data, String target, String description,
      String author, List<String> files) {
    List<FileResult> results = new ArrayList<>();
    try {
      Imported imported = units.importUnit(space, slug, data, target, description, author);
      Outcome outcome = Outcome.valueOf(imported.outcome().name());
      files.forEach(file -> results.add(new FileResult(file, slug, outcome, imported.unit().headRevisionNum(), null)));
    } catch (TandemException e) {
      files.forEach(file -> results.add(new FileResult(file, slug, Outcome.Failed, null, e.getMessage())));
    }
    return results;
  }

  /** A result for a file that is not to become (part of) a unit, with why; null for a candidate. */
  private static FileResult screen(String file, String text) {
    String lower = file.toLowerCase(Locale.ROOT);
    if (!lower.endsWith(".yaml") && !lower.endsWith(".yml")) {
      return new FileResult(file, null, Outcome.Skipped, null, "Not a YAML file.");
    }
    List<Object> documents = new ArrayList<>();
    try {
      new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(text).forEach(documents::add);
    } catch (RuntimeException e) {
      return new FileResult(file, null, Outcome.Failed, null, "Not valid YAML: " + e.getMessage().lines().findFirst().orElse(""));
    }
    boolean anyObject = false;
    for (Object document : documents) {
      if (document instanceof Map<?, ?> map && map.get("apiVersion") instanceof String apiVersion && map.get("kind") != null) {
        if (apiVersion.startsWith("kustomize.config.k8s.io/")) {
          return new FileResult(file, null, Outcome.Skipped, null, "A Kustomize configuration, not a Kubernetes object.");
        }
        anyObject = true;
      }
    }
    return anyObject ? null : new FileResult(file, null, Outcome.Skipped, null, "Holds no Kubernetes object (no apiVersion and kind).");
  }

  private static String stripExtension(String file) {
    int dot = file.lastIndexOf('.');
    return dot > file.lastIndexOf('/') ? file.substring(0, dot) : file;
  }

  /** A unit slug from a path: lower case, other characters as dashes, at most 63 characters. */
  static String slug(String path) {
    String slug = path.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
    if (slug.length() > 63) {
      slug = slug.substring(0, 63).replaceAll("-+$", "");
    }
    return slug;
  }
}
