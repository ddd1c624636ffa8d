package io.tandem.imports.domain;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The folders of a Git import that are rendered rather than read: a folder with a {@code Chart.yaml} is a Helm
 * chart, one with a {@code kustomization.yaml} a Kustomize folder. The outermost such folder takes every file under
 * it (a chart's {@code charts/} subcharts, a kustomization's bases), and becomes one unit. Kustomize folders that
 * cannot be rendered here take nothing: their files are read as plain files, as they were before Kustomize folders
 * were rendered.
 */
final class GitFolders {

  enum Kind { chart, kustomize }

  /** A folder to render: its path ("" for the import's root) and the file that makes it one. */
  record Folder(String path, String marker, Kind kind) {

    /** Whether a file lies in this folder or below it. */
    boolean holds(String file) {
      return path.isEmpty() || file.startsWith(path + "/");
    }

    /** The files of this folder, by their path relative to it. */
    Map<String, byte[]> files(Map<String, byte[]> all) {
      Map<String, byte[]> files = new LinkedHashMap<>();
      all.forEach((file, bytes) -> {
        if (holds(file)) {
          files.put(path.isEmpty() ? file : file.substring(path.length() + 1), bytes);
        }
      });
      return files;
    }
  }

  /**
   * @param folders the folders to render, outermost first
   * @param unrendered Kustomize folders whose files are left as plain files (their kustomization reported instead)
   * @param plain the files no folder takes, as text
   */
  record Plan(List<Folder> folders, List<Folder> unrendered, Map<String, String> plain) {}

  static final Set<String> KUSTOMIZATIONS = Set.of("kustomization.yaml", "kustomization.yml", "Kustomization");

  private GitFolders() {}

  static Plan plan(Map<String, byte[]> files, boolean kustomizeRendered) {
    List<Folder> candidates = new ArrayList<>();
    List<Folder> unrendered = new ArrayList<>();
    for (String file : files.keySet()) {
      String name = file.substring(file.lastIndexOf('/') + 1);
      String folder = file.contains("/") ? file.substring(0, file.lastIndexOf('/')) : "";
      if (name.equals("Chart.yaml")) {
        candidates.add(new Folder(folder, file, Kind.chart));
      } else if (KUSTOMIZATIONS.contains(name)) {
        (kustomizeRendered ? candidates : unrendered).add(new Folder(folder, file, Kind.kustomize));
      }
    }
    candidates.sort(Comparator.comparingInt((Folder folder) -> folder.path().isEmpty() ? 0 : folder.path().split("/").length)
        .thenComparing(Folder::path));
    List<Folder> folders = new ArrayList<>();
    for (Folder candidate : candidates) {
      if (folders.stream().noneMatch(outer -> outer.holds(candidate.marker()))) {
        folders.add(candidate);
      }
    }
    Map<String, String> plain = new LinkedHashMap<>();
    files.forEach((file, bytes) -> {
      boolean reported = unrendered.stream().anyMatch(folder -> folder.marker().equals(file));
      if (!reported && folders.stream().noneMatch(folder -> folder.holds(file))) {
        plain.put(file, new String(bytes, java.nio.charset.StandardCharsets.UTF_8));
      }
    });
    return new Plan(folders, unrendered, plain);
  }
}
