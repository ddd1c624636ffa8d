import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Draws each figure of the benchmark results over time: one SVG per benchmark and figure (the figure's value at each
 * run, its baseline of the same run dashed beside it where it has one) and an index.html that shows them all.
 *
 * <pre>java server/bench/Plot.java [results.tsv] [folder]</pre>
 *
 * Defaults: server/bench/results.tsv and target/bench-plots. Needs nothing but a JDK (11 or later).
 */
public final class Plot {

  private static final int WIDTH = 640;
  private static final int HEIGHT = 300;
  private static final int LEFT = 70;
  private static final int RIGHT = 20;
  private static final int TOP = 40;
  private static final int BOTTOM = 50;

  /** One row of the results: a figure of one run. */
  record Row(int run, String date, String commit, String benchmark, String figure, double value, String unit,
      String baseline, Double baselineValue) {}

  public static void main(String[] args) throws IOException {
    Path results = Path.of(args.length > 0 ? args[0] : "server/bench/results.tsv");
    Path folder = Path.of(args.length > 1 ? args[1] : "target/bench-plots");
    Files.createDirectories(folder);
    Map<String, List<Row>> series = new LinkedHashMap<>();
    for (Row row : read(results)) {
      series.computeIfAbsent(row.benchmark() + " · " + row.figure(), key -> new ArrayList<>()).add(row);
    }
    StringBuilder index = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        + "<title>Tandem benchmarks over time</title></head><body>\n<h1>Tandem benchmarks over time</h1>\n");
    for (Map.Entry<String, List<Row>> entry : series.entrySet()) {
      String file = slug(entry.getKey()) + ".svg";
      Files.writeString(folder.resolve(file), svg(entry.getKey(), entry.getValue()));
      index.append("<figure><img src=\"").append(file).append("\" alt=\"").append(escape(entry.getKey()))
          .append("\"></figure>\n");
    }
    Files.writeString(folder.resolve("index.html"), index.append("</body></html>\n").toString());
    System.out.println(series.size() + " figures drawn into " + folder.toAbsolutePath().resolve("index.html"));
  }

  static List<Row> read(Path results) throws IOException {
    List<String> lines = Files.readAllLines(results);
    List<String> header = List.of(lines.get(0).split("\t", -1));
    List<Row> rows = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      if (line.isBlank()) {
        continue;
      }
      String[] field = line.split("\t", -1);
      String baselineValue = field[header.indexOf("baseline_value")];
      rows.add(new Row(Integer.parseInt(field[header.indexOf("run")]), field[header.indexOf("date")],
          field[header.indexOf("commit")], field[header.indexOf("benchmark")], field[header.indexOf("figure")],
          Double.parseDouble(field[header.indexOf("value")]), field[header.indexOf("unit")],
          field[header.indexOf("baseline")], baselineValue.isEmpty() ? null : Double.valueOf(baselineValue)));
    }
    return rows;
  }

  static String svg(String title, List<Row> rows) {
    double max = 0;
    for (Row row : rows) {
      max = Math.max(max, Math.max(row.value(), row.baselineValue() == null ? 0 : row.baselineValue()));
    }
    double top = max == 0 ? 1 : niceCeiling(max);
    StringBuilder svg = new StringBuilder();
    svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
        + " font-family=\"sans-serif\" font-size=\"11\">%n", WIDTH, HEIGHT));
    svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"20\" font-size=\"13\">%s (%s)</text>%n", LEFT,
        escape(title), escape(rows.get(0).unit())));
    for (int tick = 0; tick <= 4; tick++) {
      double y = y(top * tick / 4, top);
      svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
          + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n", LEFT, WIDTH - RIGHT, y, y, LEFT - 6, y + 4,
          number(top * tick / 4)));
    }
    svg.append(line(rows, top, false));
    if (rows.stream().anyMatch(row -> row.baselineValue() != null)) {
      svg.append(line(rows, top, true));
      svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" fill=\"#888\">dashed: %s</text>%n",
          WIDTH - RIGHT - 200, TOP - 6, escape(rows.stream().filter(row -> !row.baseline().isEmpty())
              .reduce((first, second) -> second).map(Row::baseline).orElse("baseline"))));
    }
    Row first = rows.get(0);
    Row last = rows.get(rows.size() - 1);
    svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s %s</text>"
        + "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s %s: %s</text>%n", LEFT, HEIGHT - 20, first.date(),
        first.commit(), WIDTH - RIGHT, HEIGHT - 20, last.date(), last.commit(), number(last.value())));
    return svg.append("</svg>\n").toString();
  }

  /** The polyline of the values, or of the baselines (dashed), with a dot at each run. */
  private static String line(List<Row> rows, double top, boolean baseline) {
    StringBuilder points = new StringBuilder();
    StringBuilder dots = new StringBuilder();
    for (int i = 0; i < rows.size(); i++) {
      Double value = baseline ? rows.get(i).baselineValue() : Double.valueOf(rows.get(i).value());
      if (value == null) {
        continue;
      }
      double x = rows.size() == 1 ? (LEFT + WIDTH - RIGHT) / 2.0
          : LEFT + (WIDTH - LEFT - RIGHT) * (double) i / (rows.size() - 1);
      points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y(value, top)));
      dots.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"><title>%s %s:"
          + " %s</title></circle>", x, y(value, top), baseline ? "#888" : "#1f6feb", rows.get(i).date(),
          rows.get(i).commit(), number(value)));
    }
    return String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"%s points=\"%s\"/>"
        + "%s%n", baseline ? "#888" : "#1f6feb", baseline ? " stroke-dasharray=\"4 3\"" : "",
        points.toString().strip(), dots);
  }

  private static double y(double value, double top) {
    return HEIGHT - BOTTOM - (HEIGHT - TOP - BOTTOM) * value / top;
  }

  /** The smallest 1, 2 or 5 times a power of ten at or above {@code value}. */
  static double niceCeiling(double value) {
    double power = Math.pow(10, Math.floor(Math.log10(value)));
    for (double step : new double[] {1, 2, 5, 10}) {
      if (step * power >= value) {
        return step * power;
      }
    }
    return 10 * power;
  }

  private static String number(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
        : String.format(Locale.ROOT, "%.3g", value);
  }

  static String slug(String text) {
    return text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
