package io.tandem.common.process;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a short-lived command to completion, within a time limit: its output goes to files of a working folder the
 * caller owns (and deletes), so no pipe can fill up and block it, and is read back up to a limit. A command still
 * running at the limit is killed with its descendants.
 */
public final class BoundedProcess {

  /** How a run ended: its exit code (-1 when it was killed), and the start of what it wrote, as UTF-8. */
  public record Result(int exitCode, boolean timedOut, String stdout, boolean stdoutCut, String stderr) {

    public boolean succeeded() {
      return !timedOut && exitCode == 0;
    }
  }

  private static final int MAX_STDERR_BYTES = 16 * 1024;

  private BoundedProcess() {}

  /**
   * Runs {@code command} in {@code work} with exactly {@code environment} (nothing inherited).
   *
   * @param maxStdoutBytes the most of its standard output read back; {@link Result#stdoutCut} says when there was more
   * @throws IOException when the command cannot be started or its output read
   */
  public static Result run(List<String> command, Map<String, String> environment, Path work, Duration timeout,
      long maxStdoutBytes) throws IOException, InterruptedException {
    Path stdout = work.resolve(".stdout");
    Path stderr = work.resolve(".stderr");
    ProcessBuilder builder = new ProcessBuilder(command).directory(work.toFile())
        .redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
    builder.environment().clear();
    builder.environment().putAll(environment);
    Process process = builder.start();
    boolean finished;
    try {
      finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } finally {
      if (process.isAlive()) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
      }
    }
    if (!finished) {
      process.waitFor(5, TimeUnit.SECONDS);
      return new Result(-1, true, "", false, head(stderr, MAX_STDERR_BYTES));
    }
    long size = Files.size(stdout);
    return new Result(process.exitValue(), false, head(stdout, maxStdoutBytes), size > maxStdoutBytes,
        head(stderr, MAX_STDERR_BYTES));
  }

  /** The first {@code max} bytes of a file as UTF-8 ("" when there is no file). */
  public static String head(Path file, long max) throws IOException {
    if (!Files.exists(file)) {
      return "";
    }
    try (InputStream in = Files.newInputStream(file)) {
      byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, max));
      return new String(bytes, StandardCharsets.UTF_8);
    }
  }

  private static java.io.File nullDevice() {
    return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
  }
}
