package io.tandem.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's performance table is the last row of each headline figure in the benchmark results
 * ({@code server/bench/results.tsv}, appended to by the benchmarks) measured with the benchmark's own settings, the plot script draws every figure of that file,
 * and every test the README names as proof exists.
 */
class PerformanceTableTest {

  static final Path README = Path.of("README.md");
  static final Path RESULTS = Path.of("server", "bench", "results.tsv");
  /** The figures the README shows, by benchmark. */
  static final List<List<String>> HEADLINES = List.of(
      List.of("request-path", "data updates/s, 8 connections"),
      List.of("request-path", "GET unit/s, 50 connections"),
      List.of("request-path", "GET unit p99"),
      List.of("worker", "break-glass capture through a worker, p50"),
      List.of("fleet", "bulk apply request, 10,000 units"),
      List.of("fleet", "set-image over 10,000 units"),
      List.of("fleet", "1,000 units of 10 targets applied and Healthy"),
      List.of("fleet", "bulk refresh, 1,000 units"),
      List.of("fleet", "GET unit during the bulk apply, p99"),
      List.of("fleet", "break-glass capture, 20,000 objects watched, p95"));

  /** How each benchmark runs as shipped: runs with other settings (experiments) are in the file, not the table. */
  static final Map<String, String> COMMANDS = Map.of(
      "request-path", "server/bench/request-path.sh",
      "worker", "./mvnw test -Pbenchmark -Dtest=WorkerBenchmark",
      "fleet", "./mvnw test -Pbenchmark -Dtest=FleetBenchmark");

  record Row(String run, String date, String commit, String benchmark, String figure, String value, String unit,
      String baseline, String baselineValue, String command) {}

  static List<Row> rows() throws IOException {
    List<String> lines = Files.readAllLines(RESULTS);
    assertThat(lines.get(0)).isEqualTo(
        "run\tdate\tcommit\tbenchmark\tfigure\tvalue\tunit\tbaseline\tbaseline_value\tcommand\tnote");
    List<Row> rows = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] field = line.split("\t", -1);
      assertThat(field).as(line).hasSize(11);
      Double.parseDouble(field[5]);
      rows.add(new Row(field[0], field[1], field[2], field[3], field[4], field[5], field[6], field[7], field[8],
          field[9]));
    }
    return rows;
  }

  static String table(List<Row> rows) {
    Map<List<String>, Row> last = new LinkedHashMap<>();
    rows.stream().filter(row -> row.command().equals(COMMANDS.get(row.benchmark())))
        .forEach(row -> last.put(List.of(row.benchmark(), row.figure()), row));
    StringBuilder table = new StringBuilder("| figure | latest | baseline, same run | run | measured by |\n"
        + "|---|---|---|---|---|\n");
    for (List<String> headline : HEADLINES) {
      Row row = last.get(headline);
      assertThat(row).as("a row of " + headline + " in " + RESULTS).isNotNull();
      table.append("| ").append(row.figure()).append(" | ").append(amount(row.value(), row.unit())).append(" | ")
          .append(baseline(row)).append(" | ").append(row.date()).append(" `").append(row.commit()).append("` | `")
          .append(row.command()).append("` |\n");
    }
    return table.toString();
  }

  private static String baseline(Row row) {
    if (row.baselineValue().isEmpty()) {
      return "";
    }
    String share = row.unit().equals("1/s") ? String.format(Locale.ROOT, " (%.0f%%)",
        100 * Double.parseDouble(row.value()) / Double.parseDouble(row.baselineValue())) : "";
    return row.baseline() + " " + amount(row.baselineValue(), row.unit()) + share;
  }

  private static String amount(String value, String unit) {
    double number = Double.parseDouble(value);
    String shown = number == Math.rint(number) && number >= 1000 ? String.format(Locale.ROOT, "%,d", (long) number) : value;
    return unit.equals("1/s") ? shown : shown + " " + unit;
  }

  @Test
  void theReadmesTableIsTheLastRunOfEachHeadlineFigure() throws IOException {
    GeneratedSection.assertCurrent(README, "performance", table(rows()), "PerformanceTableTest");
  }

  @Test
  void thePlotScriptDrawsEveryFigureWithAPointPerRun(@TempDir Path plots) throws Exception {
    Process plot = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        Path.of("server", "bench", "Plot.java").toString(), RESULTS.toString(), plots.toString())
        .redirectErrorStream(true).start();
    String out = new String(plot.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(plot.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(plot.exitValue()).as(out).isZero();

    List<Row> rows = rows();
    Set<String> figures = new LinkedHashSet<>();
    rows.forEach(row -> figures.add(row.benchmark() + " · " + row.figure()));
    try (Stream<Path> drawn = Files.list(plots)) {
      assertThat(drawn.filter(file -> file.toString().endsWith(".svg")).count()).isEqualTo(figures.size());
    }
    Row newest = rows.get(rows.size() - 1);
    long runs = rows.stream().filter(row -> row.benchmark().equals(newest.benchmark())
        && row.figure().equals(newest.figure())).count();
    String svg = Files.readString(plots.resolve(slug(newest.benchmark() + " · " + newest.figure()) + ".svg"));
    assertThat(svg.split("r=\"2.5\" fill=\"#1f6feb\"", -1).length - 1).as("a dot per run of the figure")
        .isEqualTo((int) runs);
    assertThat(Files.readString(plots.resolve("index.html"))).contains(slug(newest.benchmark() + " · " + newest.figure()));
  }

  @Test
  void everyTestTheReadmeNamesAsProofExists() throws IOException {
    Matcher named = Pattern.compile("`(\\w+(?:IT|Test))`").matcher(Files.readString(README));
    List<String> missing = new ArrayList<>();
    while (named.find()) {
      try (Stream<Path> found = Files.walk(Path.of("src", "test", "java"))) {
        String file = named.group(1) + ".java";
        if (found.noneMatch(path -> path.getFileName().toString().equals(file))) {
          missing.add(named.group(1));
        }
      }
    }
    assertThat(missing).as("tests the README names that do not exist").isEmpty();
  }

  private static String slug(String text) {
    return text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
  }
}
