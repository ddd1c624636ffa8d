package io.tandem.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The control plane's processes: started with their output in {@code <state>/logs}, their pids in
 * {@code <state>/pids}, stopped in reverse order with the server. A server killed with -9 cannot stop them, so the next
 * start stops those it finds still running, recognised by name and by an argument inside the state folder (a pid may
 * since belong to an unrelated process, which is never signalled).
 */
final class ChildProcesses implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(ChildProcesses.class);
  private static final Duration STOP_WAIT = Duration.ofSeconds(10);

  private final Path state;
  private final Path pids;
  private final Deque<Process> running = new ArrayDeque<>();
  /** How each was started, by name, so that one can be started again the same way. */
  private final Map<String, Launch> launches = new HashMap<>();

  private record Launch(List<String> command, Map<String, String> environment, Process process) {}

  ChildProcesses(Path state) {
    this.state = state.toAbsolutePath().normalize();
    this.pids = this.state.resolve("pids");
  }

  /** Stops what a server that died left running on this state folder. */
  void stopStale() {
    if (!Files.exists(pids)) {
      return;
    }
    try {
      for (String line : Files.readAllLines(pids, StandardCharsets.UTF_8)) {
        String[] fields = line.split(" ");
        if (fields.length == 2) {
          ProcessHandle.of(Long.parseLong(fields[1])).filter(process -> ours(process, fields[0])).ifPresent(process -> {
            log.warn("Stopping {} (pid {}) left running by a sandbox that was not shut down", fields[0], process.pid());
            stop(process);
          });
        }
      }
      Files.delete(pids);
    } catch (IOException | NumberFormatException e) {
      log.warn("Could not read {}: {}", pids, e.getMessage());
    }
  }

  Process start(String name, List<String> command) {
    return start(name, command, Map.of());
  }

  Process start(String name, List<String> command, Map<String, String> environment) {
    try {
      Path logs = Files.createDirectories(state.resolve("logs"));
      ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(logs.resolve(name + ".log").toFile()));
      builder.environment().putAll(environment);
      Process process = builder.start();
      running.push(process);
      launches.put(name, new Launch(command, environment, process));
      Files.writeString(pids, name + " " + process.pid() + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
      return process;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot start " + name + " (" + command.get(0) + ")", e);
    }
  }

  /** Stops the one of that name (if it runs) and starts it again, with the same command and environment. */
  Process restart(String name) {
    Launch launch = launch(name);
    stop(name);
    return start(name, launch.command(), launch.environment());
  }

  /** Stops the one of that name, to be started again by {@link #restart}. */
  void stop(String name) {
    Process process = launch(name).process();
    running.remove(process);
    stop(process.toHandle());
  }

  private Launch launch(String name) {
    Launch launch = launches.get(name);
    if (launch == null) {
      throw new IllegalStateException("No " + name + " was started");
    }
    return launch;
  }

  Path log(String name) {
    return state.resolve("logs").resolve(name + ".log");
  }

  /** SIGTERM to all at once (newest first), then a shared wait; what has not stopped by then is killed. */
  @Override
  public void close() {
    List<ProcessHandle> stopping = running.stream().map(Process::toHandle).toList();
    running.clear();
    launches.clear();
    stopping.forEach(ProcessHandle::destroy);
    long deadline = System.nanoTime() + STOP_WAIT.toNanos();
    for (ProcessHandle process : stopping) {
      try {
        process.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (TimeoutException | ExecutionException e) {
        log.warn("{} did not stop within {}; killing it", process.info().command().orElse("pid " + process.pid()), STOP_WAIT);
        process.destroyForcibly();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        process.destroyForcibly();
      }
    }
    try {
      Files.deleteIfExists(pids);
    } catch (IOException e) {
      log.warn("Could not remove {}: {}", pids, e.getMessage());
    }
  }

  private static void stop(ProcessHandle process) {
    process.destroy();
    try {
      process.onExit().get(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException | ExecutionException e) {
      process.destroyForcibly();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }

  private boolean ours(ProcessHandle process, String name) {
    ProcessHandle.Info info = process.info();
    boolean named = info.command().map(command -> Path.of(command).getFileName().toString().equals(name)).orElse(false);
    boolean here = info.arguments().map(arguments -> Arrays.stream(arguments).anyMatch(argument -> argument.contains(state.toString())))
        .orElse(false);
    return process.isAlive() && named && here;
  }
}
