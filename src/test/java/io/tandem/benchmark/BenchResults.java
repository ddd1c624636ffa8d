package io.tandem.benchmark;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The figures of one benchmark run, appended to the results ({@code server/bench/results.tsv}, or
 * {@code -Dbenchmark.results=<file>}; {@code none} records nothing) as the scripts append theirs: one row per figure,
 * one run id for the run. {@code java server/bench/Plot.java} draws every figure over time from it.
 */
final class BenchResults {

  static final String HEADER = "run\tdate\tcommit\tbenchmark\tfigure\tvalue\tunit\tbaseline\tbaseline_value\tcommand\tnote";

  private final String benchmark;
  private final String command;
  private final List<String[]> figures = new ArrayList<>();

  /** @param command how the benchmark is run; the {@code benchmark.*} settings this run was given are added to it */
  BenchResults(String benchmark, String command) {
    this.benchmark = benchmark;
    StringBuilder settings = new StringBuilder(command);
    System.getProperties().stringPropertyNames().stream().sorted()
        .filter(name -> name.startsWith("benchmark.") && !name.equals("benchmark.results"))
        .forEach(name -> settings.append(" -D").append(name).append('=').append(System.getProperty(name)));
    this.command = settings.toString();
  }

  BenchResults figure(String figure, double value, String unit) {
    return figure(figure, value, unit, "", null);
  }

  /** A figure with the baseline measured in the same run ({@code null}: none). */
  synchronized BenchResults figure(String figure, double value, String unit, String baseline, Double baselineValue) {
    figures.add(new String[] {figure, number(value), unit, baseline, baselineValue == null ? "" : number(baselineValue)});
    return this;
  }

  /** Appends the figures under the next run id; says where, or why not. */
  synchronized void append(String note) throws IOException {
    String target = System.getProperty("benchmark.results", "server/bench/results.tsv");
    if (target.equals("none") || figures.isEmpty()) {
      return;
    }
    Path results = Path.of(target);
    List<String> existing = Files.exists(results) ? Files.readAllLines(results) : List.of();
    int run = existing.stream().skip(1).filter(line -> !line.isBlank())
        .mapToInt(line -> Integer.parseInt(line.substring(0, line.indexOf('\t')))).max().orElse(0) + 1;
    StringBuilder rows = new StringBuilder(existing.isEmpty() ? HEADER + "\n" : "");
    String date = LocalDate.now(ZoneOffset.UTC).toString();
    for (String[] figure : figures) {
      rows.append(String.join("\t", Integer.toString(run), date, commit(), benchmark, figure[0], figure[1], figure[2],
          figure[3], figure[4], command, note.replace('\t', ' ').replace('\n', ' '))).append('\n');
    }
    Files.writeString(results, rows, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    System.out.println("Figures appended to " + results + " (run " + run + "); java server/bench/Plot.java draws them");
  }

  private static String number(double value) {
    return value == Math.rint(value) ? Long.toString((long) value) : String.format(Locale.ROOT, "%.3f", value)
        .replaceAll("0+$", "");
  }

  /** The checkout's commit, {@code +} when the code has uncommitted changes; {@code unknown} without git. */
  private static String commit() {
    try {
      String head = git("rev-parse", "--short=7", "HEAD");
      return head + (git("status", "--porcelain", "--", "src", "db", "pom.xml").isEmpty() ? "" : "+");
    } catch (IOException e) {
      return "unknown";
    }
  }

  private static String git(String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of("git"));
    command.addAll(List.of(args));
    Process git = new ProcessBuilder(command).redirectErrorStream(true).start();
    try {
      String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      if (!git.waitFor(10, TimeUnit.SECONDS) || git.exitValue() != 0) {
        throw new IOException("git " + String.join(" ", args) + ": " + out);
      }
      return out;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
  }
}
