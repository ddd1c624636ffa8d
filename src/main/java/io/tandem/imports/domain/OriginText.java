package io.tandem.imports.domain;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A unit's text as its origin holds it at a commit: read as the import that made the unit read it. */
final class OriginText {

  private OriginText() {}

  /** The text, or why there is none at that commit. */
  record Read(String text, String problem) {}

  /**
   * The folder to read: a file's own folder ("" at the root), the folder itself (a directory's, a chart's), or the
   * whole repository for a Kustomize folder (its bases may be anywhere in it).
   */
  static String folder(GitImports.Layout layout, String path) {
    if (layout == GitImports.Layout.kustomize) {
      return "";
    }
    if (layout != GitImports.Layout.file) {
      return path;
    }
    return path.contains("/") ? path.substring(0, path.lastIndexOf('/')) : "";
  }

  /**
   * The unit's text from the files of {@link #folder} (by their path relative to it): the file's, or the YAML files
   * directly in the folder joined in path order, each that holds Kubernetes objects.
   */
  static Read of(GitImports.Layout layout, String path, Map<String, byte[]> files) {
    if (layout == GitImports.Layout.file) {
      byte[] bytes = files.get(path.substring(path.lastIndexOf('/') + 1));
      if (bytes == null) {
        return new Read(null, "'" + path + "' is not in the repository at that commit.");
      }
      String text = new String(bytes, StandardCharsets.UTF_8);
      ManifestFiles.Verdict verdict = ManifestFiles.screen(path, text);
      return verdict == null ? new Read(text, null) : new Read(null, "'" + path + "': " + verdict.reason());
    }
    List<String> texts = new ArrayList<>();
    files.forEach((file, bytes) -> {
      String text = new String(bytes, StandardCharsets.UTF_8);
      if (!file.contains("/") && ManifestFiles.screen(file, text) == null) {
        texts.add(text);
      }
    });
    return texts.isEmpty() ? new Read(null, "The folder '" + path + "' holds no Kubernetes objects at that commit.")
        : new Read(joined(texts), null);
  }

  /** Texts of several files as one multi-document text, in the order given. */
  static String joined(List<String> texts) {
    StringBuilder data = new StringBuilder();
    for (String text : texts) {
      data.append(data.length() == 0 ? "" : "---\n").append(text).append(text.endsWith("\n") ? "" : "\n");
    }
    return data.toString();
  }
}
