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
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.util.unit.DataSize;

/** kubectl kustomize on a base and an overlay, offline, with the kubectl that server/sandbox/build-cluster.sh builds. */
class KubectlKustomizerTest {

  @TempDir Path dataDir;

  /** The newest kubectl of the cluster cache (~/.cache/tandem/cluster/<version>/kubectl), else one on the PATH. */
  static Optional<Path> kubectl() {
    Path cache = Path.of(System.getProperty("user.home"), ".cache", "tandem", "cluster");
    if (Files.isDirectory(cache)) {
      try (Stream<Path> releases = Files.list(cache)) {
        Optional<Path> cached = releases.map(release -> release.resolve("kubectl")).filter(Files::isExecutable)
            .max(Comparator.comparing(Path::toString));
        if (cached.isPresent()) {
          return cached;
        }
      } catch (java.io.IOException e) {
        // look on the PATH
      }
    }
    return Stream.of(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
        .filter(folder -> !folder.isBlank()).map(folder -> Path.of(folder, "kubectl")).filter(Files::isExecutable).findFirst();
  }

  KubectlKustomizer kustomizer(String kubectl) {
    return new KubectlKustomizer(new ImportsProperties(DataSize.ofMegabytes(1), Duration.ofSeconds(30), Duration.ofSeconds(5), kubectl),
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
  void aRemoteBaseFailsAsTheRenderingIsOffline() {
    Optional<Path> kubectl = kubectl();
    Assumptions.assumeTrue(kubectl.isPresent(), "Skipped: no kubectl in ~/.cache/tandem/cluster nor on the PATH");
    Map<String, byte[]> files = tree();
    files.put("remote/kustomization.yaml", bytes("resources:\n  - https://example.com/manifests/deployment.yaml\n"));

    assertThatThrownBy(() -> kustomizer(kubectl.get().toString()).build(files, "remote"))
        .isInstanceOfSatisfying(TandemException.class, e -> assertThat(e.getMessage()).startsWith("kubectl kustomize failed"));
  }

  @Test
  void withoutKubectlItSaysWhy() {
    assertThat(kustomizer(null).unavailable()).get().asString().contains("tandem.imports.kubectl");
    assertThat(kustomizer(dataDir.resolve("nothing").toString()).unavailable()).get().asString()
        .contains("not an executable file");
  }
}
