package io.tandem.imports.domain;

import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.ParsedContent;
import io.tandem.common.yaml.ResourceChange;
import io.tandem.common.yaml.StructuralDiff;
import io.tandem.common.yaml.UnifiedDiff;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.stereotype.Component;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * A revision's change carried back to the Kustomize folder its unit is rendered from: one JSON 6902 patch file per
 * changed object in that folder, listed under {@code patches} in its kustomization (added, or appended to the list
 * there), the rest of the kustomization as it was. Checked by rendering the folder with the patches: offered only when
 * exactly the revision's paths move. An object renamed by {@code namePrefix} or {@code nameSuffix} is targeted by the
 * name it is rendered with, then by the name before them, whichever reproduces the change.
 */
@Component
class KustomizeBackportPlan {

  private static final List<String> KUSTOMIZATIONS = List.of("kustomization.yaml", "kustomization.yml", "Kustomization");

  private final Kustomizer kustomizer;

  KustomizeBackportPlan(Kustomizer kustomizer) {
    this.kustomizer = kustomizer;
  }

  /** {@code files}: the whole repository at the origin's head, by path. */
  BackportPlan.Result of(UnitOrigin origin, int revision, Map<String, byte[]> files, List<ResourceChange> changes) {
    String folder = origin.path();
    String kustomization = KUSTOMIZATIONS.stream().map(name -> folder.isEmpty() ? name : folder + "/" + name)
        .filter(files::containsKey).findFirst().orElse(null);
    if (kustomizer.unavailable().isPresent() || kustomization == null) {
      return refused(kustomization == null ? "No kustomization in '" + folder + "'."
          : "Kustomize folders cannot be rendered here: " + kustomizer.unavailable().get());
    }
    for (ResourceChange change : changes) {
      if (change.path().isEmpty()) {
        return refused("Revision adds or removes the whole object " + change.resource()
            + "; only changes inside objects are carried back.");
      }
    }
    String text = new String(files.get(kustomization), StandardCharsets.UTF_8);
    Map<String, Object> settings = settings(text);
    if (settings == null || (settings.containsKey("patches") && !(settings.get("patches") instanceof List))) {
      return refused("The kustomization's patches cannot be added to in place.");
    }
    String base = kustomizer.build(files, folder);
    for (boolean renamed : List.of(false, true)) {
      Map<String, String> written = new LinkedHashMap<>();
      StringBuilder entries = new StringBuilder();
      byObject(changes).forEach((resource, ops) -> {
        String[] id = resource.split("/", -1);
        String kind = id[id.length - 3];
        String name = renamed ? original(id[id.length - 1], settings) : id[id.length - 1];
        String file = "tandem-backport-r" + revision + "-" + kind.toLowerCase(Locale.ROOT) + "-" + name + ".yaml";
        written.put(folder.isEmpty() ? file : folder + "/" + file, patch(revision, ops));
        entries.append("  - path: ").append(file).append("\n    target:\n      kind: ").append(kind)
            .append("\n      name: ").append(name).append('\n');
      });
      written.put(kustomization, withPatches(text, entries.toString(), settings.containsKey("patches")));
      Map<String, byte[]> edited = new LinkedHashMap<>(files);
      written.forEach((path, content) -> edited.put(path, content.getBytes(StandardCharsets.UTF_8)));
      List<ResourceChange> moved;
      try {
        moved = StructuralDiff.between(ParsedContent.parse(base), ParsedContent.parse(kustomizer.build(edited, folder)));
      } catch (TandemException e) {
        return refused("With the patches, the Kustomize folder does not render: " + e.getMessage());
      }
      if (BackportPlan.same(moved, changes)) {
        List<Backports.FileEdit> edits = new ArrayList<>();
        written.forEach((path, after) -> {
          String before = files.containsKey(path) ? new String(files.get(path), StandardCharsets.UTF_8) : "";
          edits.add(new Backports.FileEdit(path, before, after, UnifiedDiff.of("a/" + path, before, "b/" + path, after)));
        });
        return new BackportPlan.Result(edits, true, null);
      }
      if (!settings.containsKey("namePrefix") && !settings.containsKey("nameSuffix")) {
        break;
      }
    }
    return refused("Rendered with the patches, the Kustomize folder does not change exactly the revision's paths.");
  }

  /** The changes by object, in order. */
  private static Map<String, List<ResourceChange>> byObject(List<ResourceChange> changes) {
    Map<String, List<ResourceChange>> byObject = new LinkedHashMap<>();
    changes.forEach(change -> byObject.computeIfAbsent(change.resource(), resource -> new ArrayList<>()).add(change));
    return byObject;
  }

  /** The JSON 6902 operations of one object's changes, as a YAML list. */
  private static String patch(int revision, List<ResourceChange> changes) {
    List<Map<String, Object>> ops = new ArrayList<>();
    for (ResourceChange change : changes) {
      Map<String, Object> op = new LinkedHashMap<>();
      op.put("op", change.op().name());
      op.put("path", pointer(change.path()));
      if (change.op() != ResourceChange.Op.remove) {
        op.put("value", change.to());
      }
      ops.add(op);
    }
    DumperOptions options = new DumperOptions();
    options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    return "# Carried back by Tandem from revision " + revision + "\n" + new Yaml(options).dump(ops);
  }

  /** A dotted path ({@code ~1} for a dot in a key) as a JSON pointer. */
  static String pointer(String path) {
    StringBuilder pointer = new StringBuilder();
    for (String segment : path.split("\\.", -1)) {
      String key = segment.replace("~1", ".").replace("~0", "~");
      pointer.append('/').append(key.replace("~", "~0").replace("/", "~1"));
    }
    return pointer.toString();
  }

  /** The kustomization with the entries under {@code patches}: appended to its list, or a new key at its end. */
  private static String withPatches(String text, String entries, boolean hasPatches) {
    String body = text.endsWith("\n") || text.isEmpty() ? text : text + "\n";
    if (!hasPatches) {
      return body + "patches:\n" + entries;
    }
    List<String> lines = new ArrayList<>(List.of(body.split("\n", -1)));
    int at = 0;
    while (at < lines.size() && !lines.get(at).startsWith("patches:")) {
      at++;
    }
    at++;
    // the entries take the indentation of the list's own items (written with two spaces)
    String indent = at < lines.size() && lines.get(at).strip().startsWith("-")
        ? lines.get(at).substring(0, lines.get(at).indexOf('-')) : "  ";
    while (at < lines.size() && (lines.get(at).startsWith(" ") || lines.get(at).startsWith("-"))) {
      at++;
    }
    String shifted = entries.lines().map(line -> indent + line.substring(2)).reduce((a, b) -> a + "\n" + b).orElse("");
    lines.add(at, shifted);
    return String.join("\n", lines);
  }

  /** The name an object had before the kustomization's {@code namePrefix} and {@code nameSuffix}. */
  private static String original(String name, Map<String, Object> settings) {
    String prefix = settings.get("namePrefix") instanceof String p ? p : "";
    String suffix = settings.get("nameSuffix") instanceof String s ? s : "";
    String stripped = name.startsWith(prefix) ? name.substring(prefix.length()) : name;
    return stripped.endsWith(suffix) ? stripped.substring(0, stripped.length() - suffix.length()) : stripped;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> settings(String text) {
    try {
      Object loaded = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
      return loaded instanceof Map<?, ?> map ? (Map<String, Object>) map : null;
    } catch (RuntimeException e) {
      return null;
    }
  }

  private static BackportPlan.Result refused(String problem) {
    return new BackportPlan.Result(List.of(), false, problem);
  }
}
