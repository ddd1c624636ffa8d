package io.tandem.web;

import java.util.ArrayList;
import java.util.List;

/**
 * A unified diff laid out in two columns: unchanged lines on both sides, a run of removed lines beside the run of
 * added lines that replaced it. Hunk headers become separator rows.
 */
final class SideBySide {

  /** One row; a side is null where it has no line. {@code kind}: same, change, hunk. */
  record Row(String left, String right, String kind) {}

  private SideBySide() {}

  static List<Row> of(String unified) {
    List<Row> rows = new ArrayList<>();
    List<String> removed = new ArrayList<>();
    List<String> added = new ArrayList<>();
    for (String line : unified == null || unified.isEmpty() ? new String[0] : unified.split("\n")) {
      if (line.startsWith("---") || line.startsWith("+++")) {
        continue;
      }
      if (line.startsWith("-")) {
        removed.add(line.substring(1));
      } else if (line.startsWith("+")) {
        added.add(line.substring(1));
      } else {
        flush(rows, removed, added);
        if (line.startsWith("@@")) {
          rows.add(new Row(line, line, "hunk"));
        } else if (!line.startsWith("\\")) {
          String text = line.isEmpty() ? "" : line.substring(1);
          rows.add(new Row(text, text, "same"));
        }
      }
    }
    flush(rows, removed, added);
    return rows;
  }

  private static void flush(List<Row> rows, List<String> removed, List<String> added) {
    for (int i = 0; i < Math.max(removed.size(), added.size()); i++) {
      rows.add(new Row(i < removed.size() ? removed.get(i) : null, i < added.size() ? added.get(i) : null, "change"));
    }
    removed.clear();
    added.clear();
  }
}
