package io.tandem.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.sandbox.ControlPlaneBinaries;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The real kubectl against the real control plane of {@link RealCluster} tests, run as a person would run it. */
public final class Kubectl {

  private Kubectl() {}

  public record Result(int exitCode, String output) {}

  /** Its output; the test fails with it when kubectl does. */
  /** The newest kubectl of the cluster cache (~/.cache/tandem/cluster/<version>/kubectl), else one on the PATH. */
  public static java.util.Optional<Path> binary() {
    Path cache = Path.of(System.getProperty("user.home"), ".cache", "tandem", "cluster");
    if (java.nio.file.Files.isDirectory(cache)) {
      try (java.util.stream.Stream<Path> releases = java.nio.file.Files.list(cache)) {
        java.util.Optional<Path> cached = releases.map(release -> release.resolve("kubectl"))
            .filter(java.nio.file.Files::isExecutable).max(java.util.Comparator.comparing(Path::toString));
        if (cached.isPresent()) {
          return cached;
        }
      } catch (IOException e) {
        // look on the PATH
      }
    }
    return java.util.stream.Stream.of(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
        .filter(folder -> !folder.isBlank()).map(folder -> Path.of(folder, "kubectl"))
        .filter(java.nio.file.Files::isExecutable).findFirst();
  }

  public static String succeed(Map<String, String> environment, String... arguments) throws IOException, InterruptedException {
    Result result = run(environment, arguments);
    assertThat(result.exitCode()).as(result.output()).isZero();
    return result.output();
  }

  public static Result run(Map<String, String> environment, String... arguments) throws IOException, InterruptedException {
    Path binary = ControlPlaneBinaries.findDefault(new StringBuilder()).orElseThrow().kubectl();
    List<String> command = new ArrayList<>(List.of(binary.toString(), "--kubeconfig",
        Path.of("target/it-data-real-cluster/sandbox/kubeconfig").toAbsolutePath().toString()));
    command.addAll(List.of(arguments));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().putAll(environment);
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return new Result(process.exitValue(), output);
  }
}
