package io.tandem.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.support.Api;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.core.ConditionTimeoutException;
import org.awaitility.core.TerminalFailureException;

/**
 * The packaged server jar ({@code ./mvnw package -DskipTests}) in a JVM of its own, with a bootstrap token that the
 * benchmark calls it with, and what that JVM uses from /proc: for the benchmarks that measure the server as shipped.
 */
final class PackagedServer {

  private PackagedServer() {}

  /** Starts {@code target/tandem-*.jar} on {@code dataDir} and {@code port}, {@code settings} ({@code --name=value}) last. */
  static Process start(Path dataDir, int port, String token, String... settings) throws IOException {
    Path jar;
    try (DirectoryStream<Path> jars = Files.newDirectoryStream(Path.of("target"), "tandem-*[0-9T].jar")) {
      jar = jars.iterator().next();
    }
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    // e.g. -Dbenchmark.serverJvmArgs=-XX:StartFlightRecording=filename=server.jfr,settings=profile to profile it
    String jvmArgs = System.getProperty("benchmark.serverJvmArgs", "").strip();
    if (!jvmArgs.isEmpty()) {
      command.addAll(List.of(jvmArgs.split("\\s+")));
    }
    command.addAll(List.of("-jar", jar.toString(), "--server.port=" + port, "--tandem.data-dir=" + dataDir,
        "--logging.level.root=WARN"));
    command.addAll(List.of(settings));
    ProcessBuilder builder = new ProcessBuilder(command)
        .redirectErrorStream(true).redirectOutput(dataDir.resolve("server.log").toFile());
    builder.environment().put("TANDEM_SECURITY_BOOTSTRAP_TOKEN", token);
    return builder.start();
  }

  static void awaitReady(Authorized api, Path dataDir, Process server) throws IOException {
    try {
      await("the server answers").atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(250))
          .failFast("the server exited", () -> !server.isAlive())
          .until(() -> answers(api));
    } catch (ConditionTimeoutException | TerminalFailureException notStarted) {
      throw new IllegalStateException("the server did not start: " + Files.readString(dataDir.resolve("server.log")),
          notStarted);
    }
  }

  private static boolean answers(Authorized api) {
    try {
      return api.get("/actuator/health/readiness").status() == 200;
    } catch (IllegalStateException notYet) {
      return false; // not listening yet
    }
  }

  static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** A process's resident memory at the end of a period, and the CPU time it spent in it, from /proc. */
  record Usage(long rssKib, double cpuSeconds) {

    static Usage over(long pid, Duration period) throws IOException {
      Usage before = now(pid);
      sleep(period);
      Usage after = now(pid);
      return new Usage(after.rssKib(), after.cpuSeconds() - before.cpuSeconds());
    }

    /** Its resident memory now, and the CPU time it has spent since it started. */
    static Usage now(long pid) throws IOException {
      String stat = Files.readString(Path.of("/proc", String.valueOf(pid), "stat"));
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      double cpu = (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / 100.0; // utime, stime in clock ticks
      return new Usage(kib(pid, "VmRSS"), cpu);
    }

    /** The most resident memory it has had since it started. */
    static long peakRssKib(long pid) throws IOException {
      return kib(pid, "VmHWM");
    }

    private static long kib(long pid, String field) throws IOException {
      String status = Files.readString(Path.of("/proc", String.valueOf(pid), "status"));
      Matcher value = Pattern.compile(field + ":\\s+(\\d+) kB").matcher(status);
      assertThat(value.find()).as(field).isTrue();
      return Long.parseLong(value.group(1));
    }
  }

  /** The API with the benchmark's token on every call. */
  record Authorized(Api api, int port, String token) {

    URI base() {
      return URI.create("http://127.0.0.1:" + port);
    }

    Api.Response get(String path) {
      return api.get(path, "Authorization", "Bearer " + token);
    }

    Api.Response post(String path, Object json) {
      return api.post(path, json, "Authorization", "Bearer " + token);
    }

    Api.Response patch(String path, Object json) {
      return api.patch(path, json, "Authorization", "Bearer " + token);
    }

    Authorized withTimeout(Duration timeout) {
      return new Authorized(api.withTimeout(timeout), port, token);
    }
  }
}
