package io.tandem.support;

import static org.awaitility.Awaitility.await;

import io.tandem.TandemApplication;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.awaitility.core.ConditionTimeoutException;

/**
 * The server as a JVM of its own (the test's classpath, the application's main class) with a persistent embedded
 * PostgreSQL in {@code dataDir}, for tests that kill it. Its output goes to a {@code server-*.log} beside {@code dataDir}.
 */
public final class ServerProcess implements AutoCloseable {

  private static final Duration START_LIMIT = Duration.ofSeconds(90);

  private final Process process;
  private final Path dataDir;
  private final Path log;
  private final int port;

  private ServerProcess(Process process, Path dataDir, Path log, int port) {
    this.process = process;
    this.dataDir = dataDir;
    this.log = log;
    this.port = port;
  }

  /** Starts a server on {@code dataDir} and waits until it answers; fails with its log if it does not come up. */
  public static ServerProcess start(Path dataDir) {
    return start(dataDir, Map.of());
  }

  /**
   * As {@link #start(Path)}, with {@code settings} (property names without {@code --}) over the defaults: no sandbox,
   * no background refreshes or watches, warnings and errors logged only.
   */
  public static ServerProcess start(Path dataDir, Map<String, String> settings) {
    return start(dataDir, settings, List.of());
  }

  /** As {@link #start(Path, Map)}, with {@code jvmOptions} ({@code -Dname=value}) for the server's JVM. */
  public static ServerProcess start(Path dataDir, Map<String, String> settings, List<String> jvmOptions) {
    try {
      return start(dataDir, settings, jvmOptions, freePort());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** As {@link #start(Path, Map)}, on {@code port}: a restart where its clients (workers) expect it. */
  public static ServerProcess restart(Path dataDir, Map<String, String> settings, int port) {
    return start(dataDir, settings, List.of(), port);
  }

  private static ServerProcess start(Path dataDir, Map<String, String> settings, List<String> jvmOptions, int port) {
    try {
      Path log = Files.createTempFile(dataDir.getParent(), "server-", ".log");
      Map<String, String> arguments = new LinkedHashMap<>();
      arguments.put("server.port", String.valueOf(port));
      arguments.put("tandem.data-dir", dataDir.toString());
      arguments.put("tandem.embedded-postgres.persistent", "true");
      arguments.put("tandem.security.anonymous", "true");
      arguments.put("tandem.sandbox.enabled", "false");
      arguments.put("tandem.live.detection-enabled", "false");
      arguments.put("tandem.live.watch-enabled", "false");
      arguments.put("logging.level.root", "WARN");
      arguments.putAll(settings);
      List<String> command = new ArrayList<>(List.of(
          Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-Xmx512m", "-XX:TieredStopAtLevel=1"));
      command.addAll(jvmOptions);
      command.add(TandemApplication.class.getName());
      arguments.forEach((name, value) -> command.add("--" + name + "=" + value));
      ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
      builder.environment().put("CLASSPATH", System.getProperty("java.class.path"));
      ServerProcess server = new ServerProcess(builder.start(), dataDir, log, port);
      server.awaitReady();
      return server;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public Api api() {
    return new Api(port);
  }

  public int port() {
    return port;
  }

  /** The embedded database's postmaster, from the pid file in its data directory. */
  public Optional<ProcessHandle> postmaster() {
    Path pidFile = dataDir.resolve("postgres").resolve("postmaster.pid");
    try {
      long pid = Long.parseLong(Files.readAllLines(pidFile).get(0).strip());
      return ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** SIGTERM to the server's JVM, as a service manager or Ctrl-C stops it; waits until it has exited. */
  public void stop() {
    process.destroy();
    awaitExit(process.toHandle());
  }

  /** SIGKILL to the server's JVM only: its database stays behind, as after {@code kill -9} of the server. */
  public void killServer() {
    process.destroyForcibly();
    awaitExit(process.toHandle());
  }

  /** SIGKILL to the database's processes and then the server's JVM, as in a crash of the whole machine. */
  public void killServerAndDatabase() {
    List<ProcessHandle> database = postmaster()
        .map(postmaster -> Stream.concat(postmaster.descendants(), Stream.of(postmaster)).toList())
        .orElseThrow(() -> new IllegalStateException("no postmaster running for " + dataDir));
    database.forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
    database.forEach(ServerProcess::awaitExit);
    awaitExit(process.toHandle());
  }

  public String log() {
    try {
      return Files.readString(log);
    } catch (IOException e) {
      return "(no log: " + e + ")";
    }
  }

  /** Stops whatever is left: the JVM forcibly, a postmaster left behind gracefully so its directory can be removed. */
  @Override
  public void close() {
    killServer();
    postmaster().ifPresent(postmaster -> {
      postmaster.destroy();
      awaitExit(postmaster);
    });
  }

  private void awaitReady() {
    Api api = api();
    try {
      await("the server answers").atMost(START_LIMIT).pollInterval(Duration.ofMillis(250))
          .until(() -> answersWhileAlive(api));
    } catch (ConditionTimeoutException notInTime) {
      killServer();
      throw new IllegalStateException("The server did not answer within " + START_LIMIT + ":\n" + log(), notInTime);
    }
  }

  /** Whether the server answers; throws (which ends the wait at once) if it has exited. */
  private boolean answersWhileAlive(Api api) {
    if (!process.isAlive()) {
      throw new IllegalStateException("The server exited with " + process.exitValue() + ":\n" + log());
    }
    return answers(api);
  }

  private static boolean answers(Api api) {
    try {
      return api.get("/actuator/health/readiness").status() == 200;
    } catch (IllegalStateException notYet) {
      return false;
    }
  }

  private static void awaitExit(ProcessHandle process) {
    try {
      process.onExit().get(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException("process " + process.pid() + " did not exit", e);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
