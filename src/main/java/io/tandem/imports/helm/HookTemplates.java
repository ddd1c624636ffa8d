package io.tandem.imports.helm;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;

/**
 * Keeps a chart's hooks in what it renders. Helm's template engine, as helm-java calls it, returns the release's
 * manifests without its hooks (the objects annotated {@code helm.sh/hook}), where {@code helm template} prints both.
 * So the chart is unpacked (its dependencies' archives too) and that annotation's name is written under another name
 * in its templates and values before rendering; Helm then renders those objects as any other, and the name is put
 * back in what it rendered. Hook objects then come out in the templates' order, each under its {@code # Source:} line.
 */
final class HookTemplates {

  static final String HOOK = "helm.sh/hook";
  static final String DISGUISED = "tandem.io/helm-hook";
  /** Helm itself refuses a chart that unpacks to more. */
  private static final long MAX_UNPACKED = 100L * 1024 * 1024;

  private HookTemplates() {}

  /**
   * Unpacks {@code archive} into {@code folder} (the chart's own folder, without the archive's top folder).
   *
   * @throws IllegalStateException when it is not a gzipped tar archive, or names a file outside the folder
   */
  static void unpack(Path archive, Path folder) {
    try {
      unpackArchive(archive, folder);
    } catch (IOException e) {
      throw new IllegalStateException("the chart is not a gzipped tar archive: " + e.getMessage(), e);
    }
  }

  private static void unpackArchive(Path archive, Path folder) throws IOException {
    Files.createDirectories(folder);
    long[] total = {0};
    try (InputStream in = new java.util.zip.GZIPInputStream(new BufferedInputStream(Files.newInputStream(archive)));
        TarArchiveInputStream tar = new TarArchiveInputStream(in)) {
      for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
        String name = entry.getName();
        int slash = name.indexOf('/');
        if (!entry.isFile() || slash < 0) {
          continue;
        }
        Path file = folder.resolve(name.substring(slash + 1)).normalize();
        if (!file.startsWith(folder)) {
          throw new IllegalStateException("the chart's archive names a file outside its folder: " + name);
        }
        Files.createDirectories(file.getParent());
        total[0] += Files.copy(tar, file);
        if (total[0] > MAX_UNPACKED) {
          throw new IllegalStateException("the chart unpacks to more than 100 MiB");
        }
      }
    }
  }

  /**
   * Writes the hook annotation under its other name in every template and values file of the chart in
   * {@code folder} and of its dependencies (whose archives under {@code charts/} are unpacked in their place).
   */
  static void disguise(Path folder) throws IOException {
    Path charts = folder.resolve("charts");
    if (Files.isDirectory(charts)) {
      for (Path dependency : list(charts)) {
        if (dependency.getFileName().toString().endsWith(".tgz")) {
          String name = dependency.getFileName().toString().replaceFirst("\\.tgz$", "");
          unpack(dependency, charts.resolve(name));
          Files.delete(dependency);
        }
      }
      for (Path dependency : list(charts)) {
        if (Files.isDirectory(dependency)) {
          disguise(dependency);
        }
      }
    }
    rewrite(folder.resolve("values.yaml"));
    Path templates = folder.resolve("templates");
    if (Files.isDirectory(templates)) {
      try (Stream<Path> files = Files.walk(templates)) {
        for (Path file : files.filter(Files::isRegularFile).toList()) {
          rewrite(file);
        }
      }
    }
  }

  /** The hook annotation under its other name in a values file given with the chart. */
  static void rewrite(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      return;
    }
    String text = Files.readString(file, StandardCharsets.UTF_8);
    if (text.contains(HOOK)) {
      Files.writeString(file, text.replace(HOOK, DISGUISED), StandardCharsets.UTF_8);
    }
  }

  /** What Helm rendered, with the hook annotation under its own name again. */
  static String reveal(String rendered) {
    return rendered.replace(DISGUISED, HOOK);
  }

  private static List<Path> list(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files.sorted().toList();
    }
  }
}
