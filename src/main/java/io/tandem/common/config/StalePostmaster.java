package io.tandem.common.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops a PostgreSQL that a server killed with -9 left running on the embedded data directory. Its postmaster is not a
 * child of the server (pg_ctl detaches it), so it outlives the server's JVM and holds the directory, and the next
 * start would wait for a database that can never start. Only called while this server holds the embedded database's
 * directory lock, so no other live server owns that postmaster.
 */
final class StalePostmaster {

  private static final Logger log = LoggerFactory.getLogger(StalePostmaster.class);
  static final String PID_FILE = "postmaster.pid";

  private final Duration timeout;

  StalePostmaster(Duration timeout) {
    this.timeout = timeout;
  }

  void stopIfRunning(Path dataDirectory) {
    Optional<ProcessHandle> found = runningOn(dataDirectory);
    if (found.isEmpty()) {
      return;
    }
    ProcessHandle postmaster = found.get();
    log.warn("Stopping PostgreSQL (pid {}) left running on {} by a server that is gone", postmaster.pid(), dataDirectory);
    // SIGTERM, a smart shutdown: the dead server's connections are closed already, so it ends at once and cleanly.
    postmaster.destroy();
    try {
      postmaster.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException | ExecutionException e) {
      throw new IllegalStateException("PostgreSQL (pid " + postmaster.pid() + ") still runs on " + dataDirectory
          + " and did not stop within " + timeout + "; stop it with pg_ctl stop -m fast -D " + dataDirectory);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while stopping PostgreSQL (pid " + postmaster.pid() + ")", e);
    }
  }

  /** The live postmaster named by the directory's pid file, if that process is a postgres serving this directory. */
  static Optional<ProcessHandle> runningOn(Path dataDirectory) {
    return pidIn(dataDirectory.resolve(PID_FILE))
        .flatMap(ProcessHandle::of)
        .filter(ProcessHandle::isAlive)
        .filter(process -> servesDirectory(process, dataDirectory));
  }

  private static Optional<Long> pidIn(Path pidFile) {
    try {
      List<String> lines = Files.readAllLines(pidFile);
      return lines.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(lines.get(0).strip()));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty(); // no pid file, or a torn one: PostgreSQL itself deals with it
    }
  }

  // The pid in a pid file left by a crash may since belong to an unrelated process; never signal one of those.
  private static boolean servesDirectory(ProcessHandle process, Path dataDirectory) {
    ProcessHandle.Info info = process.info();
    boolean postgres = info.command().map(command -> Path.of(command).getFileName().toString().equals("postgres"))
        .orElse(false);
    boolean onDirectory = info.arguments()
        .map(arguments -> Arrays.stream(arguments).anyMatch(argument -> samePath(argument, dataDirectory)))
        .orElse(false);
    return postgres && onDirectory;
  }

  private static boolean samePath(String argument, Path dataDirectory) {
    try {
      return Path.of(argument).toAbsolutePath().normalize().equals(dataDirectory.toAbsolutePath().normalize());
    } catch (RuntimeException e) {
      return false;
    }
  }
}
