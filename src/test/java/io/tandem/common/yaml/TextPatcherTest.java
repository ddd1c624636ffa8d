package io.tandem.common.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class TextPatcherTest {

  static final String POD =
      """
      # the web pod
      apiVersion: v1
      kind: Pod
      metadata:
        name: web   # keep me
        labels: {app: web, tier: front}
      spec:
        containers:
        - name: web
          image: "nginx:1.27"
          args: [--port, "8080"]
      """;

  @Test
  void unchangedDataIsReturnedAsItIs() {
    assertThat(TextPatcher.patch(POD, KubernetesYaml.parse(POD))).isSameAs(POD);
  }

  @Test
  void aReplacedScalarKeepsItsQuotesAndTheLineItsComment() {
    String patched = patch(POD, pod -> container(pod).put("image", "nginx:1.28"));

    assertThat(patched).isEqualTo(POD.replace("\"nginx:1.27\"", "\"nginx:1.28\""));
  }

  @Test
  void aChangeInsideAFlowMappingReemitsOnlyThatMapping() {
    String patched = patch(POD, pod -> labels(pod).put("tier", "back"));

    assertThat(KubernetesYaml.parse(patched).get(0).content()).isEqualTo(edit(POD, pod -> labels(pod).put("tier", "back")));
    assertThat(patched).contains("# the web pod", "name: web   # keep me", "image: \"nginx:1.27\"");
  }

  @Test
  void removingTheLastKeyOfAMappingLeavesAnEmptyMapping() {
    String text = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  only: one\n";
    String patched = patch(text, map -> asMap(map.get("data")).remove("only"));

    assertThat(patched).isEqualTo("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata: {}\n");
  }

  @Test
  void aNewListItemTakesItsSiblingsIndentation() {
    String patched =
        patch(POD, pod -> containers(pod).add(new LinkedHashMap<>(Map.of("name", "sidecar"))));

    assertThat(patched).endsWith("  - name: web\n    image: \"nginx:1.27\"\n    args: [--port, \"8080\"]\n  - name: sidecar\n");
  }

  @Test
  void removingTheFirstDocumentTakesItsSeparatorWithIt() {
    String text = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\n";
    List<KubernetesResource> wanted = new ArrayList<>(KubernetesYaml.parse(text));
    wanted.remove(0);

    assertThat(TextPatcher.patch(text, wanted)).isEqualTo("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\n");
  }

  @Test
  void aDocumentIsAddedToAnEmptyTextWithoutASeparator() {
    String configMap = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n";

    assertThat(TextPatcher.patch("", KubernetesYaml.parse(configMap))).isEqualTo(configMap);
  }

  @Test
  void textWithAnchorsStillComesOutAsWanted() {
    String text = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  labels: &l\n    app: a\n  annotations: *l\n";
    Map<String, Object> wanted = edit(text, map -> asMap(asMap(map.get("metadata")).get("annotations")).put("x", "y"));

    String patched = TextPatcher.patch(text, List.of(KubernetesYaml.resource(wanted, 1)));

    assertThat(KubernetesYaml.parse(patched).get(0).content()).isEqualTo(wanted);
  }

  // -- helpers: edit a deep copy of the first resource and patch the text with it

  static String patch(String text, Consumer<Map<String, Object>> change) {
    return TextPatcher.patch(text, List.of(KubernetesYaml.resource(edit(text, change), 1)));
  }

  static Map<String, Object> edit(String text, Consumer<Map<String, Object>> change) {
    Map<String, Object> copy = deepCopy(KubernetesYaml.parse(text).get(0).content());
    change.accept(copy);
    return copy;
  }

  @SuppressWarnings("unchecked")
  static <T> T deepCopy(T value) {
    if (value instanceof Map<?, ?> map) {
      Map<Object, Object> copy = new LinkedHashMap<>();
      map.forEach((k, v) -> copy.put(k, deepCopy(v)));
      return (T) copy;
    }
    if (value instanceof List<?> list) {
      List<Object> copy = new ArrayList<>();
      list.forEach(v -> copy.add(deepCopy(v)));
      return (T) copy;
    }
    return value;
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> asMap(Object value) {
    return (Map<String, Object>) value;
  }

  @SuppressWarnings("unchecked")
  static List<Object> containers(Map<String, Object> pod) {
    return (List<Object>) asMap(pod.get("spec")).get("containers");
  }

  static Map<String, Object> container(Map<String, Object> pod) {
    return asMap(containers(pod).get(0));
  }

  static Map<String, Object> labels(Map<String, Object> pod) {
    return asMap(asMap(pod.get("metadata")).get("labels"));
  }
}
