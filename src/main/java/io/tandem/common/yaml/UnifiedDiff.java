package io.tandem.common.yaml;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.Patch;
import java.util.List;

/** A line-based unified diff of two texts, as {@code diff -u} prints it, with three lines of context. */
public final class UnifiedDiff {

  private static final int CONTEXT_LINES = 3;

  private UnifiedDiff() {}

  /** An empty string when the texts are equal. */
  public static String of(String fromName, String fromText, String toName, String toText) {
    List<String> fromLines = fromText.lines().toList();
    List<String> toLines = toText.lines().toList();
    Patch<String> patch = DiffUtils.diff(fromLines, toLines);
    if (patch.getDeltas().isEmpty()) {
      return "";
    }
    List<String> lines = UnifiedDiffUtils.generateUnifiedDiff(fromName, toName, fromLines, patch, CONTEXT_LINES);
    return String.join("\n", lines) + "\n";
  }
}
