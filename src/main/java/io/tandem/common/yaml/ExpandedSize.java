package io.tandem.common.yaml;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.text.Texts;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * Walks the documents of one YAML text as they expand: every alias counts as a full copy of what it names, as it
 * will when the data is stored as JSON or written out again. A short text whose aliases expand beyond the limit is
 * refused ({@code invalid-yaml}); the walk stops there, so it costs at most the limit however far the text would
 * expand. It also refuses texts that no storage keeps intact: a NUL or an unpaired surrogate, which a YAML text can
 * hold as escapes in double-quoted strings.
 */
final class ExpandedSize {

  private final long maxChars;
  private final Deque<Object> path = new ArrayDeque<>();
  private long chars;
  private int document;
  private int line;

  ExpandedSize(long maxChars) {
    this.maxChars = maxChars;
  }

  /** Adds a document's tree to the count. */
  void add(Object tree, int document, int line) {
    this.document = document;
    this.line = line;
    path.clear();
    add(tree);
  }

  private void add(Object node) {
    count(1);
    if (node instanceof Map<?, ?> map) {
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        String key = String.valueOf(entry.getKey());
        text(key, true);
        path.addLast(key);
        add(entry.getValue());
        path.removeLast();
      }
    } else if (node instanceof List<?> list) {
      for (int i = 0; i < list.size(); i++) {
        path.addLast(i);
        add(list.get(i));
        path.removeLast();
      }
    } else if (node instanceof String text) {
      text(text, false);
    }
  }

  private void text(String text, boolean isKey) {
    count(text.length());
    String flaw = Texts.flaw(text);
    if (flaw != null) {
      String where = isKey
          ? (path.isEmpty() ? "a top-level key" : "a key in '" + dotted() + "'")
          : "the value at '" + dotted() + "'";
      throw TandemException.validation("Document " + document + " (line " + line + "): " + where + " " + flaw + ".");
    }
  }

  /** The characters counted so far, over every document added. */
  long chars() {
    return chars;
  }

  private String dotted() {
    String dotted = "";
    for (Object segment : path) {
      dotted = segment instanceof Integer index ? Paths.child(dotted, index) : Paths.child(dotted, (String) segment);
    }
    return dotted;
  }

  private void count(long n) {
    chars += n;
    if (chars > maxChars) {
      throw new TandemException(
          ProblemCode.INVALID_YAML,
          "Document " + document + " expands through its aliases to more than " + maxChars
              + " characters, the most accepted.");
    }
  }
}
