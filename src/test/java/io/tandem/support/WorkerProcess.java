package io.tandem.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A worker as users run it: {@code java -jar target/tandem-<version>-worker.jar} (built by {@code ./mvnw package}),
 * in a JVM of its own, against a cluster given by a kubeconfig. Its output goes to {@code target/worker-<name>-*.log}.
 */
public final class WorkerProcess implements AutoCloseable {

  private final Process process;
  private final Path log;

  private WorkerProcess(Process process, Path log) {
    this.process = process;
    this.log = log;
  }

  /** Starts the worker {@code name}; it asks the server what to watch every second. */
  public static WorkerProcess start(URI server, String name, String credential, String kubeconfig) {
    try {
      Path dir = Files.createDirectories(Path.of("target", "worker-processes"));
      Path config = Files.createTempFile(dir, name + "-", ".kubeconfig",
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      Files.writeString(config, kubeconfig);
      Path log = Files.createTempFile(dir, name + "-", ".log");
      List<String> command = new ArrayList<>(List.of(
          Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m", "-XX:TieredStopAtLevel=1",
          "-jar", jar().toString(), "--server", server.toString(), "--name", name, "--kubeconfig", config.toString(),
          "--threads", "2", "--resync-seconds", "1"));
      ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
      builder.environment().put("TANDEM_WORKER_CREDENTIAL", credential);
      return new WorkerProcess(builder.start(), log);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The packaged worker jar; {@code ./mvnw verify} builds it before the integration tests run. */
  static Path jar() throws IOException {
    try (DirectoryStream<Path> jars = Files.newDirectoryStream(Path.of("target"), "tandem-*-worker.jar")) {
      for (Path jar : jars) {
        return jar;
      }
    }
    throw new IllegalStateException("No target/tandem-*-worker.jar: build it with ./mvnw package -DskipTests");
  }

  public boolean alive() {
    return process.isAlive();
  }

  /** SIGKILL, as {@code kill -9}: no shutdown hook runs, nothing is said to the server. */
  public void kill() {
    process.destroyForcibly();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        throw new IllegalStateException("worker process " + process.pid() + " did not exit");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  public String log() {
    try {
      return Files.readString(log);
    } catch (IOException e) {
      return "(no log: " + e + ")";
    }
  }

  @Override
  public void close() {
    if (process.isAlive()) {
      kill();
    }
  }
}
