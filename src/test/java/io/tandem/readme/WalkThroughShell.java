package io.tandem.readme;

import io.tandem.readme.ReadmeBlocks.Step;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * Runs steps one after the other in one bash, as a person types them into one terminal: variables, exports and
 * aliases carry over, stderr shows with stdout. Each step's output and exit status are told apart by a line printed
 * after it.
 */
final class WalkThroughShell {

  /** What a step printed and its exit status (that of its last command); {@code status} -1 when it never finished. */
  record Result(Step step, int status, String output) {}

  private final Path workDir;
  private final Map<String, String> environment;
  private final Duration timeout;

  WalkThroughShell(Path workDir, Map<String, String> environment, Duration timeout) {
    this.workDir = workDir;
    this.environment = environment;
    this.timeout = timeout;
  }

  List<Result> run(List<Step> steps) throws IOException, InterruptedException {
    String mark = "readme-step-" + UUID.randomUUID();
    Path script = Files.createTempFile("readme-walk-through", ".sh");
    Path output = Files.createTempFile("readme-walk-through", ".out");
    try {
      Files.writeString(script, script(steps, mark));
      ProcessBuilder bash = new ProcessBuilder("bash", "--noprofile", "--norc", script.toString())
          .directory(workDir.toFile()).redirectErrorStream(true)
          .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
          .redirectOutput(output.toFile());
      bash.environment().clear();
      bash.environment().putAll(environment);
      Process process = bash.start();
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly().waitFor();
      }
      return results(steps, Files.readString(output, StandardCharsets.UTF_8), mark);
    } finally {
      Files.deleteIfExists(script);
      Files.deleteIfExists(output);
    }
  }

  private static String script(List<Step> steps, String mark) {
    StringBuilder script = new StringBuilder("""
        exec 2>&1
        # as in the interactive shell a person types these into
        shopt -s expand_aliases
        set -o pipefail
        """);
    for (int i = 0; i < steps.size(); i++) {
      script.append(steps.get(i).commands()).append('\n')
          .append("printf '\\n%s %d %d\\n' ").append(mark).append(' ').append(i).append(" $?\n");
    }
    return script.toString();
  }

  private static List<Result> results(List<Step> steps, String output, String mark) {
    List<Result> results = new ArrayList<>();
    StringBuilder printed = new StringBuilder();
    for (String line : output.split("\n", -1)) {
      if (line.startsWith(mark + " ")) {
        String[] words = line.split(" ");
        int step = Integer.parseInt(words[1]);
        results.add(new Result(steps.get(step), Integer.parseInt(words[2]), printed.toString()));
        printed.setLength(0);
      } else {
        printed.append(line).append('\n');
      }
    }
    int finished = results.size();
    for (int i = finished; i < steps.size(); i++) {
      results.add(new Result(steps.get(i), -1, i == finished ? printed.toString() : ""));
    }
    return results;
  }
}
