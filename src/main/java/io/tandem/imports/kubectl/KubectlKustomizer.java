package io.tandem.imports.kubectl;

import io.tandem.common.config.TandemProperties;
import io.tandem.common.error.TandemException;
import io.tandem.common.process.BoundedProcess;
import io.tandem.common.process.WorkFolder;
import io.tandem.imports.ImportsProperties;
import io.tandem.imports.domain.Kustomizer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * {@code kubectl kustomize} on a copy of the files in a working folder, deleted afterwards. What the kustomizations
 * name is checked first ({@link KustomizationReferences}: inside the tree, never remote); then it runs offline: no
 * {@code PATH} (so no git for remote bases) and a proxy on a closed port, and kustomize's own default keeps the files a
 * kustomization loads inside its folder.
 */
@Component
class KubectlKustomizer implements Kustomizer {

  private static final long MAX_OUTPUT_BYTES = 32L * 1024 * 1024;

  private final ImportsProperties settings;
  private final Path workRoot;

  KubectlKustomizer(ImportsProperties settings, TandemProperties properties) {
    this.settings = settings;
    this.workRoot = properties.dataDir().resolve("kustomize").toAbsolutePath().normalize();
  }

  @Override
  public Optional<String> unavailable() {
    if (settings.kubectl() == null || settings.kubectl().isBlank()) {
      return Optional.of("Rendering a Kustomize folder needs kubectl, and none is configured (tandem.imports.kubectl).");
    }
    if (!Files.isExecutable(Path.of(settings.kubectl()))) {
      return Optional.of("tandem.imports.kubectl names " + settings.kubectl() + ", which is not an executable file.");
    }
    return Optional.empty();
  }

  @Override
  public String build(Map<String, byte[]> files, String folder) {
    unavailable().ifPresent(why -> {
      throw TandemException.validation(why);
    });
    KustomizationReferences.requireInside(files, folder);
    try (WorkFolder work = WorkFolder.create(workRoot, "kustomize-")) {
      for (Map.Entry<String, byte[]> file : files.entrySet()) {
        work.write("tree/" + file.getKey(), file.getValue());
      }
      Path tree = work.path().resolve("tree");
      Path root = folder.isEmpty() ? tree : tree.resolve(folder).normalize();
      String nowhere = "http://127.0.0.1:9";
      BoundedProcess.Result result = BoundedProcess.run(
          List.of(Path.of(settings.kubectl()).toAbsolutePath().toString(), "kustomize", root.toString()),
          Map.of("HOME", work.path().resolve("home").toString(), "KUBECONFIG", work.path().resolve("none").toString(),
              "HTTP_PROXY", nowhere, "HTTPS_PROXY", nowhere, "NO_PROXY", ""),
          work.path(), settings.renderTimeout(), MAX_OUTPUT_BYTES);
      if (result.timedOut()) {
        throw TandemException.validation("kubectl kustomize took longer than " + settings.renderTimeout().toSeconds()
            + "s (tandem.imports.render-timeout).");
      }
      if (!result.succeeded()) {
        // kubectl names files by their place in the working folder; the repository's paths are what the caller knows
        String message = result.stderr().replace(tree + "/", "").strip();
        throw TandemException.validation("kubectl kustomize failed: " + message.lines().limit(5).reduce((a, b) -> a + " " + b).orElse(""));
      }
      if (result.stdoutCut()) {
        throw TandemException.validation("The Kustomize folder renders to more than " + MAX_OUTPUT_BYTES / (1024 * 1024) + " MiB.");
      }
      return result.stdout();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while rendering a Kustomize folder", e);
    } catch (IllegalArgumentException e) {
      throw TandemException.validation("A file of the Kustomize folder lies outside it: " + e.getMessage());
    }
  }
}
