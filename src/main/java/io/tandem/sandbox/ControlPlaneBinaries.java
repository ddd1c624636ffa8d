package io.tandem.sandbox;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where the real control plane's binaries are, as {@code server/sandbox/build-cluster.sh} builds them: the configured
 * folder ({@code tandem.sandbox.binaries}), else {@code $TANDEM_CLUSTER_CACHE}, else the newest release in the
 * script's cache ({@code ~/.cache/tandem/cluster/<version>}), else the PATH.
 */
public record ControlPlaneBinaries(Path etcd, Path apiServer, Path controllerManager, Path scheduler, Path kwok, Path kubectl) {

  static final List<String> NAMES = List.of("etcd", "kube-apiserver", "kube-controller-manager", "kube-scheduler", "kwok");

  /** The binaries as the sandbox would find them with no configuration (tests that need them look here). */
  public static Optional<ControlPlaneBinaries> findDefault(StringBuilder why) {
    return find(null, why);
  }

  /** The binaries, or why none were found (said once in the log when the sandbox falls back to the mock). */
  static Optional<ControlPlaneBinaries> find(String configured, StringBuilder why) {
    if (configured != null && !configured.isBlank()) {
      return in(Path.of(configured), why);
    }
    String cache = System.getenv("TANDEM_CLUSTER_CACHE");
    if (cache != null && !cache.isBlank()) {
      return in(Path.of(cache), why);
    }
    Optional<Path> newest = newestRelease(Path.of(System.getProperty("user.home"), ".cache", "tandem", "cluster"));
    if (newest.isPresent()) {
      return in(newest.get(), why);
    }
    Optional<ControlPlaneBinaries> onPath = onPath();
    if (onPath.isEmpty()) {
      why.append("no control-plane binaries in ~/.cache/tandem/cluster nor on the PATH (server/sandbox/build-cluster.sh builds them)");
    }
    return onPath;
  }

  static Optional<ControlPlaneBinaries> in(Path folder, StringBuilder why) {
    for (String name : NAMES) {
      if (!Files.isExecutable(folder.resolve(name))) {
        why.append(folder.resolve(name)).append(" is missing (server/sandbox/build-cluster.sh builds it)");
        return Optional.empty();
      }
    }
    return Optional.of(new ControlPlaneBinaries(folder.resolve("etcd"), folder.resolve("kube-apiserver"),
        folder.resolve("kube-controller-manager"), folder.resolve("kube-scheduler"), folder.resolve("kwok"),
        folder.resolve("kubectl")));
  }

  private static Optional<Path> newestRelease(Path cache) {
    if (!Files.isDirectory(cache)) {
      return Optional.empty();
    }
    try (Stream<Path> releases = Files.list(cache)) {
      return releases.filter(release -> NAMES.stream().allMatch(name -> Files.isExecutable(release.resolve(name))))
          .max(Comparator.comparing(release -> release.getFileName().toString()));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private static Optional<ControlPlaneBinaries> onPath() {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (String folder : path.split(File.pathSeparator)) {
      if (!folder.isBlank() && NAMES.stream().allMatch(name -> Files.isExecutable(Path.of(folder, name)))) {
        return in(Path.of(folder), new StringBuilder());
      }
    }
    return Optional.empty();
  }
}
