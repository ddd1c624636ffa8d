package io.tandem.imports.domain;

import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.ClusterScopedKinds;
import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.KubernetesYaml;
import io.tandem.common.yaml.TextPatcher;
import io.tandem.common.yaml.Trees;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A chart's rendering as unit data: every object as the text Helm wrote for it (with its {@code # Source:} line),
 * CustomResourceDefinitions first (those of {@code crds/} folders, then any a template makes), then the rest in
 * Helm's install order; namespaced objects without a namespace get the release's, as {@code helm install} would put
 * them there. Cluster-scoped are the built-in kinds and those the chart's own CRDs declare so.
 */
final class ChartManifests {

  static final String CRD = "CustomResourceDefinition";

  /** One object of the rendering and the text that holds it. */
  record Document(KubernetesResource resource, String text) {}

  private ChartManifests() {}

  /**
   * The objects of the rendering in order.
   *
   * @param namespace the namespace for namespaced objects that name none; null leaves them as rendered
   * @throws TandemException {@code validation-failed} when the chart rendered something that is not a Kubernetes
   *     object
   */
  static List<Document> documents(RenderedChart rendered, String namespace) {
    List<Document> documents = new ArrayList<>(parse(rendered.crds()));
    documents.addAll(parse(rendered.manifests()));
    documents.sort(Comparator.comparingInt(document -> CRD.equals(document.resource().kind()) ? 0 : 1));
    if (namespace == null) {
      return documents;
    }
    Set<String> clusterScoped = new HashSet<>(ClusterScopedKinds.BUILT_IN);
    for (Document document : documents) {
      if (CRD.equals(document.resource().kind()) && "Cluster".equals(at(document.resource().content(), "spec", "scope"))
          && at(document.resource().content(), "spec", "names", "kind") instanceof String kind) {
        clusterScoped.add(kind);
      }
    }
    return documents.stream()
        .map(document -> document.resource().namespace() != null || clusterScoped.contains(document.resource().kind())
            ? document : inNamespace(document, namespace))
        .toList();
  }

  /** The documents as one multi-document YAML text. */
  static String data(List<Document> documents) {
    StringBuilder data = new StringBuilder();
    for (Document document : documents) {
      data.append(data.length() == 0 ? "" : "---\n").append(document.text());
    }
    return data.toString();
  }

  /** The documents of a multi-document text, each with its own text; empty ones left out. */
  static List<Document> parse(String text) {
    List<Document> documents = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (String line : text.split("\n", -1)) {
      if (line.startsWith("---") && line.substring(3).isBlank()) {
        add(documents, current.toString());
        current.setLength(0);
      } else {
        current.append(line).append('\n');
      }
    }
    add(documents, current.toString());
    return documents;
  }

  private static void add(List<Document> documents, String chunk) {
    String text = chunk.strip().isEmpty() ? "" : chunk.replaceAll("\\s+$", "") + "\n";
    if (text.lines().allMatch(line -> line.isBlank() || line.stripLeading().startsWith("#"))) {
      return;
    }
    List<KubernetesResource> parsed;
    try {
      parsed = KubernetesYaml.parse(text);
    } catch (TandemException e) {
      throw TandemException.validation("The chart renders something that is not a Kubernetes object: " + e.getMessage());
    }
    parsed.forEach(resource -> documents.add(new Document(resource, text)));
  }

  private static Document inNamespace(Document document, String namespace) {
    Map<String, Object> content = Trees.deepCopy(document.resource().content());
    Map<String, Object> metadata = new LinkedHashMap<>();
    for (Map.Entry<String, Object> entry : child(content, "metadata").entrySet()) {
      metadata.put(entry.getKey(), entry.getValue());
      if (entry.getKey().equals("name")) {
        metadata.put("namespace", namespace);
      }
    }
    content.put("metadata", metadata);
    KubernetesResource resource = KubernetesYaml.resource(content, 1);
    return new Document(resource, TextPatcher.patch(document.text(), List.of(resource)));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> child(Map<String, Object> map, String key) {
    return (Map<String, Object>) map.get(key);
  }

  private static Object at(Map<String, Object> tree, String... path) {
    Object value = tree;
    for (String key : path) {
      if (!(value instanceof Map<?, ?> map)) {
        return null;
      }
      value = map.get(key);
    }
    return value;
  }
}
