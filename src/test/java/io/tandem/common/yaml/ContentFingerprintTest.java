package io.tandem.common.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ContentFingerprintTest {

  static Map<String, Object> service(Map<String, Object> metadata, Object port, Map<String, Object> status) {
    Map<String, Object> object = new LinkedHashMap<>();
    object.put("apiVersion", "v1");
    object.put("kind", "Service");
    object.put("metadata", metadata);
    object.put("spec", Map.of("ports", List.of(Map.of("port", port, "protocol", "TCP"))));
    object.put("status", status);
    return object;
  }

  static final Map<String, Object> NAMED = Map.of("name", "web", "namespace", "shop");

  @Test
  void statusAndServerMetadataAndToolAnnotationsDoNotCount() {
    Map<String, Object> serverFilled = Map.of("name", "web", "namespace", "shop", "resourceVersion", "812",
        "uid", "6f1c", "generation", 4, "managedFields", List.of(Map.of("manager", "kubectl")),
        "annotations", Map.of("deployment.kubernetes.io/revision", "3"));

    assertThat(ContentFingerprint.of(service(serverFilled, 80, Map.of("loadBalancer", Map.of()))))
        .isEqualTo(ContentFingerprint.of(service(NAMED, 80, Map.of())));
  }

  @Test
  void whatTheCleanerKeepsCounts() {
    long before = ContentFingerprint.of(service(NAMED, 80, Map.of()));

    assertThat(ContentFingerprint.of(service(NAMED, 8080, Map.of()))).isNotEqualTo(before);
    assertThat(ContentFingerprint.of(service(Map.of("name", "web", "namespace", "shop",
        "labels", Map.of("tier", "front")), 80, Map.of()))).isNotEqualTo(before);
    assertThat(ContentFingerprint.of(service(Map.of("name", "web", "namespace", "shop",
        "annotations", Map.of("team", "shop")), 80, Map.of()))).isNotEqualTo(before);
  }

  @Test
  void keysCountInAnyOrderItemsInTheirsAndNumbersByValue() {
    Map<String, Object> reordered = new LinkedHashMap<>();
    reordered.put("namespace", "shop");
    reordered.put("name", "web");
    Map<String, Object> a = Map.of("kind", "ConfigMap", "metadata", NAMED, "data", Map.of("order", List.of("a", "b")));
    Map<String, Object> b = Map.of("kind", "ConfigMap", "metadata", NAMED, "data", Map.of("order", List.of("b", "a")));

    assertThat(ContentFingerprint.of(service(reordered, 80L, Map.of())))
        .isEqualTo(ContentFingerprint.of(service(NAMED, 80, Map.of())))
        .isEqualTo(ContentFingerprint.of(service(NAMED, 80.0, Map.of())));
    assertThat(ContentFingerprint.of(a)).isNotEqualTo(ContentFingerprint.of(b));
    assertThat(ContentFingerprint.of(service(NAMED, "80", Map.of())))
        .isNotEqualTo(ContentFingerprint.of(service(NAMED, 80, Map.of())));
  }

  @Test
  void theFingerprintIsOfTheCleanedObject() {
    Map<String, Object> live = KubernetesYaml.parse("""
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: web
          namespace: shop
          resourceVersion: "17"
          annotations:
            kubectl.kubernetes.io/last-applied-configuration: "{}"
        spec:
          replicas: 2
        status:
          readyReplicas: 2
        """).get(0).content();
    long fingerprint = ContentFingerprint.of(live);

    assertThat(ContentFingerprint.of(LiveCleaner.clean(live))).isEqualTo(fingerprint);
  }
}
