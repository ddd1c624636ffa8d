package io.tandem.imports.kubectl;

import io.tandem.common.error.TandemException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * What a Kustomize folder names must be a file or folder of the import's own tree. Kustomize itself keeps files a
 * kustomization loads inside its folder, but not bases ({@code ../../elsewhere} is any folder on the disk), and it
 * fetches URLs over HTTP (a proxy setting does not cover loopback). So every path the kustomizations reachable from
 * the folder name (resources, bases, components, patches, generators' files …) is checked before kubectl runs: inside
 * the tree, present in it, never a URL or a remote repository.
 */
final class KustomizationReferences {

  static final List<String> KUSTOMIZATIONS = List.of("kustomization.yaml", "kustomization.yml", "Kustomization");
  /** Lists of paths; a folder among them is a kustomization of its own. */
  private static final List<String> FOLDERS_OR_FILES = List.of("resources", "bases", "components");
  /** Lists of paths of files, or of inline YAML (which holds a line break). */
  private static final List<String> FILES = List.of("crds", "configurations", "transformers", "generators", "validators",
      "patchesStrategicMerge");
  /** Lists of objects whose {@code path} is a file. */
  private static final List<String> WITH_PATH = List.of("patches", "patchesJson6902", "replacements");
  private static final List<String> GENERATORS = List.of("configMapGenerator", "secretGenerator");

  private KustomizationReferences() {}

  /**
   * @throws TandemException {@code validation-failed} naming the first reference that is remote, outside the tree or
   *     not in it
   */
  static void requireInside(Map<String, byte[]> files, String folder) {
    Deque<String> folders = new ArrayDeque<>(List.of(folder));
    Set<String> seen = new HashSet<>();
    while (!folders.isEmpty()) {
      String current = folders.pop();
      if (!seen.add(current)) {
        continue;
      }
      String file = KUSTOMIZATIONS.stream().map(name -> join(current, name)).filter(files::containsKey).findFirst().orElse(null);
      if (file == null) {
        continue; // kustomize says so itself
      }
      Map<?, ?> kustomization = parse(files.get(file));
      for (Reference reference : references(kustomization)) {
        String resolved = resolve(files, file, current, reference.path());
        if (reference.mayBeFolder() && !files.containsKey(resolved)) {
          folders.push(resolved);
        }
      }
    }
  }

  private record Reference(String path, boolean mayBeFolder) {}

  private static List<Reference> references(Map<?, ?> kustomization) {
    List<Reference> references = new ArrayList<>();
    FOLDERS_OR_FILES.forEach(key -> texts(kustomization.get(key)).forEach(path -> references.add(new Reference(path, true))));
    FILES.forEach(key -> texts(kustomization.get(key)).stream().filter(text -> !text.contains("\n"))
        .forEach(path -> references.add(new Reference(path, false))));
    for (String key : WITH_PATH) {
      items(kustomization.get(key)).forEach(item -> texts(item.get("path")).forEach(path -> references.add(new Reference(path, false))));
    }
    for (String key : GENERATORS) {
      for (Map<?, ?> generator : items(kustomization.get(key))) {
        texts(generator.get("files")).forEach(entry -> references.add(new Reference(entry.substring(entry.indexOf('=') + 1), false)));
        texts(generator.get("envs")).forEach(path -> references.add(new Reference(path, false)));
        texts(generator.get("env")).forEach(path -> references.add(new Reference(path, false)));
      }
    }
    if (kustomization.get("openapi") instanceof Map<?, ?> openapi) {
      texts(openapi.get("path")).forEach(path -> references.add(new Reference(path, false)));
    }
    return references;
  }

  /** The reference as a path of the tree: a file of it, or a folder that holds files. */
  private static String resolve(Map<String, byte[]> files, String file, String folder, String reference) {
    String text = reference.strip();
    if (text.contains("://") || text.startsWith("/") || text.contains("\\") || text.matches("^[^/]*@[^/]*:.*")) {
      throw refused(file, reference, "a URL or a path outside the repository; Kustomize folders are rendered offline");
    }
    Deque<String> segments = new ArrayDeque<>();
    for (String segment : join(folder, text).split("/")) {
      if (segment.equals("..")) {
        if (segments.isEmpty()) {
          throw refused(file, reference, "outside the imported path of the repository");
        }
        segments.removeLast();
      } else if (!segment.isEmpty() && !segment.equals(".")) {
        segments.addLast(segment);
      }
    }
    String resolved = String.join("/", segments);
    boolean present = files.containsKey(resolved)
        || files.keySet().stream().anyMatch(path -> resolved.isEmpty() || path.startsWith(resolved + "/"));
    if (!present) {
      throw refused(file, reference, "not a file or folder of the imported path (remote bases and resources are not fetched)");
    }
    return resolved;
  }

  private static Map<?, ?> parse(byte[] bytes) {
    LoaderOptions options = new LoaderOptions();
    options.setMaxAliasesForCollections(50);
    try {
      return new Yaml(new SafeConstructor(options)).load(new String(bytes, StandardCharsets.UTF_8)) instanceof Map<?, ?> map
          ? map : Map.of();
    } catch (YAMLException e) {
      return Map.of(); // kubectl reports it
    }
  }

  private static List<String> texts(Object value) {
    if (value instanceof String text) {
      return List.of(text);
    }
    return value instanceof List<?> list ? list.stream().filter(String.class::isInstance).map(String.class::cast).toList() : List.of();
  }

  private static List<Map<?, ?>> items(Object value) {
    return value instanceof List<?> list
        ? list.stream().filter(Map.class::isInstance).<Map<?, ?>>map(Map.class::cast).toList() : List.of();
  }

  private static String join(String folder, String path) {
    return folder.isEmpty() ? path : folder + "/" + path;
  }

  private static TandemException refused(String file, String reference, String what) {
    return TandemException.validation("Kustomization " + file + " names '" + reference + "', which is " + what + ".");
  }
}
