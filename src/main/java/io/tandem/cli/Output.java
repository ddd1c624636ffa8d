package io.tandem.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;
import tools.jackson.databind.ObjectMapper;

/** Prints API answers: a table for people by default, or the whole answer as JSON or YAML ({@code -o}). */
final class Output {

  enum Format { table, json, yaml }

  /** A table column: its heading and how to get its text from a row. */
  record Column<T>(String heading, Function<T, Object> value) {}

  private final PrintWriter out;
  private final Format format;
  private final ObjectMapper json;

  Output(PrintWriter out, Format format, ObjectMapper json) {
    this.out = out;
    this.format = format;
    this.json = json;
  }

  /** {@code rows} as a table, or {@code whole} (the answer as it came) as JSON or YAML. */
  @SafeVarargs
  final <T> void print(Object whole, List<T> rows, Column<T>... columns) {
    if (format != Format.table) {
      document(whole);
      return;
    }
    List<String[]> lines = new ArrayList<>();
    String[] headings = new String[columns.length];
    for (int i = 0; i < columns.length; i++) {
      headings[i] = columns[i].heading();
    }
    lines.add(headings);
    for (T row : rows) {
      String[] cells = new String[columns.length];
      for (int i = 0; i < columns.length; i++) {
        Object value = columns[i].value().apply(row);
        cells[i] = value == null ? "" : value.toString();
      }
      lines.add(cells);
    }
    int[] widths = new int[columns.length];
    lines.forEach(cells -> {
      for (int i = 0; i < cells.length; i++) {
        widths[i] = Math.max(widths[i], cells[i].length());
      }
    });
    for (String[] cells : lines) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < cells.length; i++) {
        line.append(i == cells.length - 1 ? cells[i] : String.format("%-" + (widths[i] + 2) + "s", cells[i]));
      }
      out.println(line.toString().stripTrailing());
    }
    out.flush();
  }

  /** Text as it is (unit data), whatever the format. */
  void text(String text) {
    out.print(text);
    if (!text.endsWith("\n")) {
      out.println();
    }
    out.flush();
  }

  /** {@code text} in the table format (a diff, for people), {@code whole} as JSON or YAML otherwise. */
  void textOr(Object whole, String text) {
    if (format == Format.table) {
      text(text);
    } else {
      document(whole);
    }
  }

  void document(Object value) {
    if (format == Format.yaml) {
      DumperOptions options = new DumperOptions();
      options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
      out.print(new Yaml(options).dump(json.convertValue(value, Object.class)));
    } else {
      out.println(json.writerWithDefaultPrettyPrinter().writeValueAsString(value));
    }
    out.flush();
  }

  static Map<String, Object> map(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }
}
