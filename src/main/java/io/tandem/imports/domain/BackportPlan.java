package io.tandem.imports.domain;

import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.KubernetesYaml;
import io.tandem.common.yaml.ParsedContent;
import io.tandem.common.yaml.ResourceChange;
import io.tandem.common.yaml.ResourcePatch;
import io.tandem.common.yaml.StructuralDiff;
import io.tandem.common.yaml.TextPatcher;
import io.tandem.common.yaml.Trees;
import io.tandem.common.yaml.UnifiedDiff;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A revision's change carried back to the plain files of its unit's origin: each changed path edited in the file that
 * holds the object, in place (comments and formatting kept, as the unit's own text is edited), and checked by reading
 * the edited files back as the origin reads them: the plan reproduces the change only when exactly the revision's
 * paths moved, to the revision's values.
 */
final class BackportPlan {

  /** The edited files; {@code problem} says why the change cannot be carried back (then nothing is offered). */
  record Result(List<Backports.FileEdit> files, boolean reproduces, String problem) {}

  private BackportPlan() {}

  /**
   * @param files the files of the origin's folder at its head, by their path relative to it
   * @param folder that folder in the repository ("" for the root)
   */
  static Result of(UnitOrigin origin, String folder, Map<String, byte[]> files, List<ResourceChange> changes) {
    Map<String, String> texts = new LinkedHashMap<>();
    files.forEach((file, bytes) -> {
      String text = new String(bytes, StandardCharsets.UTF_8);
      boolean holds = origin.layout() == GitImports.Layout.file
          ? file.equals(origin.path().substring(origin.path().lastIndexOf('/') + 1))
          : !file.contains("/") && ManifestFiles.screen(file, text) == null;
      if (holds) {
        texts.put(file, text);
      }
    });
    Map<String, List<Map<String, Object>>> edited = new LinkedHashMap<>();
    texts.forEach((file, text) -> edited.put(file, contents(text)));
    for (ResourceChange change : changes) {
      if (change.path().isEmpty()) {
        return refused("Revision adds or removes the whole object " + change.resource()
            + "; only changes inside objects are carried back.");
      }
      Map<String, Object> object = find(edited, change.resource());
      if (object == null) {
        return refused("The object " + change.resource() + " is not in " + origin.path() + " at the ref's head.");
      }
      ResourcePatch.apply(object, change);
    }
    List<Backports.FileEdit> edits = new ArrayList<>();
    List<ResourceChange> moved = new ArrayList<>();
    texts.forEach((file, text) -> {
      List<KubernetesResource> wanted = new ArrayList<>();
      List<Map<String, Object>> contents = edited.get(file);
      for (int i = 0; i < contents.size(); i++) {
        wanted.add(KubernetesYaml.resource(contents.get(i), i + 1));
      }
      String after = TextPatcher.patch(text, wanted);
      if (!after.equals(text)) {
        String path = folder.isEmpty() ? file : folder + "/" + file;
        edits.add(new Backports.FileEdit(path, text, after, UnifiedDiff.of("a/" + path, text, "b/" + path, after)));
        moved.addAll(StructuralDiff.between(ParsedContent.parse(text), ParsedContent.parse(after)));
      }
    });
    if (!same(moved, changes)) {
      return new Result(edits, false, "Read back, the edited files do not change exactly the revision's paths.");
    }
    return new Result(edits, true, null);
  }

  private static Result refused(String problem) {
    return new Result(List.of(), false, problem);
  }

  private static List<Map<String, Object>> contents(String text) {
    List<Map<String, Object>> contents = new ArrayList<>();
    ParsedContent.parse(text).forEach(resource -> contents.add(Trees.deepCopy(resource.content())));
    return contents;
  }

  /** The object a change names, by apiVersion, kind and name (its namespace, where the file names one, too). */
  private static Map<String, Object> find(Map<String, List<Map<String, Object>>> files, String resource) {
    Identity wanted = Identity.of(resource);
    for (List<Map<String, Object>> contents : files.values()) {
      for (Map<String, Object> content : contents) {
        KubernetesResource candidate = KubernetesYaml.resource(content, 1);
        if (wanted.matches(Identity.of(candidate.id()))) {
          return content;
        }
      }
    }
    return null;
  }

  /** Whether the files' moves are the revision's changes: the same paths of the same objects, to the same values. */
  static boolean same(List<ResourceChange> moved, List<ResourceChange> changes) {
    return keys(moved).equals(keys(changes));
  }

  private static Set<List<Object>> keys(List<ResourceChange> changes) {
    Set<List<Object>> keys = new HashSet<>();
    for (ResourceChange change : changes) {
      Identity identity = Identity.of(change.resource());
      keys.add(java.util.Arrays.asList(identity.apiVersion(), identity.kind(), identity.name(), change.path(),
          change.op(), change.to()));
    }
    return keys;
  }

  /** A resource id ({@code apiVersion/kind/namespace/name}, the apiVersion may hold a slash) taken apart. */
  private record Identity(String apiVersion, String kind, String namespace, String name) {

    static Identity of(String id) {
      String[] parts = id.split("/", -1);
      int n = parts.length;
      return new Identity(String.join("/", java.util.Arrays.copyOfRange(parts, 0, n - 3)), parts[n - 3], parts[n - 2],
          parts[n - 1]);
    }

    /** The same object; a namespace that either side leaves out (the target's default) is not compared. */
    boolean matches(Identity other) {
      return apiVersion.equals(other.apiVersion) && kind.equals(other.kind) && name.equals(other.name)
          && (namespace.isEmpty() || other.namespace.isEmpty() || Objects.equals(namespace, other.namespace));
    }
  }
}
