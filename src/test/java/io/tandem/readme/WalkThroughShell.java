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
import java.util.stream.Stream;

/**
 * Runs steps one after the other in one bash, as a person types them into one terminal: variables, exports and
 * aliases carry over, stderr shows with stdout, and a step that is not even valid shell fails alone. Each step's
 * output and exit status are told apart by a line printed after it; API tokens in the output read {@code tdm_***}.
 */
final class WalkThroughShell {

  /** What a step printed and its exit status (that of its last command); {@code status} -1 when it never finished. */
  record Result(Step step, int status, String output) {}

  private static final String TOKEN = "tdm_[A-Za-z0-9]+_[A-Za-z0-9_-]+";

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
    Path scripts = Files.createTempDirectory("readme-walk-through");
    Path output = scripts.resolve("output");
    try {
      Path script = Files.writeString(scripts.resolve("walk-through.sh"), script(steps, scripts, mark));
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
      String printed = Files.readString(output, StandardCharsets.UTF_8).replaceAll(TOKEN, "tdm_***");
      return results(steps, printed, mark);
    } finally {
      try (Stream<Path> files = Files.list(scripts)) {
        for (Path file : files.toList()) {
          Files.delete(file);
        }
      }
      Files.delete(scripts);
    }
  }

  /** Sources each step from its own file (named after its README line), so a syntax error ends only that step. */
  private static String script(List<Step> steps, Path scripts, String mark) throws IOException {
    StringBuilder script = new StringBuilder("""
        exec 2>&1
        # as in the interactive shell a person types these into
        shopt -s expand_aliases
        set -o pipefail
        """);
    for (int i = 0; i < steps.size(); i++) {
      Step step = steps.get(i);
      Path file = Files.writeString(scripts.resolve("readme-line-" + step.line() + ".sh"), step.commands());
      script.append("source '").append(file).append("'\n")
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
