package io.tandem.imports.kubectl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.config.TandemProperties;
import io.tandem.common.error.TandemException;
import io.tandem.imports.ImportsProperties;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.util.unit.DataSize;

/** kubectl kustomize on a base and an overlay, offline, with the kubectl that server/sandbox/build-cluster.sh builds. */
class KubectlKustomizerTest {

  @TempDir Path dataDir;

  static Optional<Path> kubectl() {
    return io.tandem.support.Kubectl.binary();
  }

  KubectlKustomizer kustomizer(String kubectl) {
    return new KubectlKustomizer(new ImportsProperties(DataSize.ofMegabytes(1), Duration.ofSeconds(30), Duration.ofSeconds(5), kubectl, Duration.ZERO, null),
        new TandemProperties(dataDir, DataSize.ofMegabytes(4), null));
  }

  static Map<String, byte[]> tree() {
    Map<String, byte[]> files = new LinkedHashMap<>();
    files.put("base/kustomization.yaml", bytes("resources: [deployment.yaml]\ncommonLabels: {app: web}\n"));
    files.put("base/deployment.yaml", bytes("""
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: web
        spec:
          replicas: 1
          template:
            spec:
              containers:
                - name: web
                  image: nginx:1.27
        """));
    files.put("overlays/prod/kustomization.yaml", bytes("""
        resources: [../../base]
        namePrefix: prod-
        namespace: shop
        patches:
          - path: replicas.yaml
        """));
    files.put("overlays/prod/replicas.yaml", bytes("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 3\n"));
    return files;
  }

  static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void anOverlayIsRenderedWithItsBaseAndPatches() {
    Optional<Path> kubectl = kubectl();
    Assumptions.assumeTrue(kubectl.isPresent(), "Skipped: no kubectl in ~/.cache/tandem/cluster nor on the PATH"
        + " (server/sandbox/build-cluster.sh builds one)");

    String rendered = kustomizer(kubectl.get().toString()).build(tree(), "overlays/prod");

    assertThat(rendered).contains("name: prod-web", "namespace: shop", "replicas: 3", "app: web", "image: nginx:1.27");
  }

  @Test
  void aRemoteBaseIsRefusedAsTheRenderingIsOffline() {
    Optional<Path> kubectl = kubectl();
    Assumptions.assumeTrue(kubectl.isPresent(), "Skipped: no kubectl in ~/.cache/tandem/cluster nor on the PATH");
    Map<String, byte[]> files = tree();
    files.put("remote/kustomization.yaml", bytes("resources:\n  - https://example.com/manifests/deployment.yaml\n"));

    assertThatThrownBy(() -> kustomizer(kubectl.get().toString()).build(files, "remote"))
        .isInstanceOfSatisfying(TandemException.class, e -> assertThat(e.getMessage()).contains("names 'https://example.com", "offline"));
  }

  @Test
  void withoutKubectlItSaysWhy() {
    assertThat(kustomizer(null).unavailable()).get().asString().contains("tandem.imports.kubectl");
    assertThat(kustomizer(dataDir.resolve("nothing").toString()).unavailable()).get().asString()
        .contains("not an executable file");
  }

  /** A folder on the server's disk beside the data directory's working folders, with a marker in it. */
  Path folderOnTheServersDisk() throws java.io.IOException {
    Path outside = dataDir.resolve("outside");
    Files.createDirectories(outside);
    Files.writeString(outside.resolve("kustomization.yaml"), "resources: [secret.yaml]\n");
    Files.writeString(outside.resolve("secret.yaml"),
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: leaked\ndata:\n  key: MARKER-server-disk\n");
    return outside;
  }

  @Test
  void aBaseOutsideTheImportedTreeIsRefusedAndNothingOfTheServersDiskIsRead() throws Exception {
    Optional<Path> kubectl = kubectl();
    Assumptions.assumeTrue(kubectl.isPresent(), "Skipped: no kubectl in ~/.cache/tandem/cluster nor on the PATH");
    folderOnTheServersDisk();
    Map<String, byte[]> files = tree();
    // tree/escape within <data-dir>/kustomize/kustomize-…/: four levels up is the data directory
    files.put("escape/kustomization.yaml", bytes("resources: [../../../../outside]\n"));

    assertThatThrownBy(() -> kustomizer(kubectl.get().toString()).build(files, "escape"))
        .isInstanceOfSatisfying(TandemException.class, e -> assertThat(e.getMessage())
            .contains("'../../../../outside'", "outside the imported path").doesNotContain("MARKER"));
  }

  @Test
  void aRemoteResourceOnLoopbackIsNeverFetched() throws Exception {
    Optional<Path> kubectl = kubectl();
    Assumptions.assumeTrue(kubectl.isPresent(), "Skipped: no kubectl in ~/.cache/tandem/cluster nor on the PATH");
    java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
    com.sun.net.httpserver.HttpServer local =
        com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0);
    local.createContext("/", exchange -> {
      calls.incrementAndGet();
      byte[] body = bytes("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: fetched\ndata:\n  key: MARKER-loopback\n");
      exchange.sendResponseHeaders(200, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    });
    local.start();
    try {
      String base = "http://127.0.0.1:" + local.getAddress().getPort();
      for (String kustomization : new String[] {"resources:\n  - " + base + "/cm.yaml\n",
          "resources: [deployment.yaml]\npatches:\n  - path: " + base + "/patch.yaml\n",
          "configMapGenerator:\n  - name: c\n    files:\n      - key=" + base + "/file\n",
          "resources:\n  - github.com/example/repo//base?ref=v1\n"}) {
        Map<String, byte[]> files = tree();
        files.put("remote/kustomization.yaml", bytes(kustomization));
        files.put("remote/deployment.yaml", files.get("base/deployment.yaml"));

        assertThatThrownBy(() -> kustomizer(kubectl.get().toString()).build(files, "remote"))
            .as(kustomization).isInstanceOfSatisfying(TandemException.class, e -> assertThat(e.getMessage())
                .contains("Kustomization remote/kustomization.yaml names").doesNotContain("MARKER"));
      }
      assertThat(calls.get()).isZero();
    } finally {
      local.stop(0);
    }
  }

  @Test
  void referencesInsideTheTreePassTheCheckWithoutKubectl() {
    Map<String, byte[]> files = tree();
    files.put("overlays/prod/kustomization.yaml", bytes("""
        resources: [../../base]
        patches:
          - path: replicas.yaml
          - patch: |-
              - op: replace
                path: /spec/replicas
                value: 2
        configMapGenerator:
          - name: c
            files: [key=replicas.yaml]
        """));

    KustomizationReferences.requireInside(files, "overlays/prod");
    files.put("kustomization.yaml", bytes("resources: [overlays/prod, ../elsewhere]\n"));
    assertThatThrownBy(() -> KustomizationReferences.requireInside(files, ""))
        .isInstanceOf(TandemException.class).hasMessageContaining("'../elsewhere'");
  }
}
