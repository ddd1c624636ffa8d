package io.tandem.common.config;

import io.zonky.test.db.postgres.util.LinuxUtils;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs SQL on a stopped data directory with {@code postgres --single}: no network, no authentication, only the
 * owner of the directory can do it. This is how a password is set on a data directory made by an earlier version
 * (with trust authentication) without ever serving it to others on trust.
 */
final class SingleUserPostgres {

  private static final Duration LIMIT = Duration.ofMinutes(2);

  private final Path postgres;

  SingleUserPostgres(Path postgres) {
    this.postgres = postgres;
  }

  /**
   * Runs {@code statement}; fails if PostgreSQL reports an error. Its output is never shown: an error would quote
   * the statement, which may carry a password.
   */
  void run(Path dataDirectory, String statement) throws IOException {
    List<String> command = new ArrayList<>();
    // as the library starts the server: as root, in a user namespace (PostgreSQL refuses to run as root)
    if (LinuxUtils.isUnshareAvailable()) {
      command.addAll(List.of("unshare", "-U"));
    }
    command.addAll(List.of(postgres.toString(), "--single", "-D", dataDirectory.toString(), "postgres"));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> readAll(process));
    try (OutputStream in = process.getOutputStream()) {
      in.write((statement + "\n").getBytes(StandardCharsets.UTF_8));
    }
    try {
      if (!process.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IOException("postgres --single on " + dataDirectory + " did not finish within " + LIMIT);
      }
      String said = output.get(10, TimeUnit.SECONDS);
      if (process.exitValue() != 0 || said.contains("ERROR:") || said.contains("FATAL:")) {
        throw new IOException(postgres + " --single on " + dataDirectory + " failed (exit " + process.exitValue()
            + "); run it by hand to see why");
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("Interrupted while running postgres --single", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IOException("Cannot read the output of postgres --single", e);
    }
  }

  private static String readAll(Process process) {
    try {
      return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "ERROR: " + e.getMessage();
    }
  }
}
