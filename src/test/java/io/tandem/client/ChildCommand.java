package io.tandem.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A command that runs to its end in {@code directory}, with the test JVM's environment plus {@code environment}. */
record ChildCommand(List<String> command, Path directory, Map<String, String> environment) {

  /** Long enough for a first run that downloads dependencies and compiles a whole generated client on 2 cores. */
  static final Duration TIMEOUT = Duration.ofMinutes(8);

  ChildCommand(Path directory, Map<String, String> environment, String... command) {
    this(List.of(command), directory, environment);
  }

  /**
   * Runs it with its output (stdout and stderr) appended to {@code log}, after a line that shows the command; the exit
   * status, or -1 when it ran past {@link #TIMEOUT} and was killed.
   */
  int run(Path log) throws IOException, InterruptedException {
    Files.createDirectories(log.getParent());
    Files.writeString(log, "$ " + String.join(" ", command) + "\n", StandardCharsets.UTF_8,
        StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    ProcessBuilder builder = new ProcessBuilder(command)
        .directory(directory.toFile())
        .redirectErrorStream(true)
        .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    builder.environment().putAll(environment);
    Process process = builder.start();
    if (process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
      return process.exitValue();
    }
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly().waitFor();
    return -1;
  }
}
