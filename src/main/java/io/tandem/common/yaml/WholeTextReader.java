package io.tandem.common.yaml;

import java.util.List;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.ReaderException;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.resolver.Resolver;
import org.yaml.snakeyaml.scanner.Constant;

/**
 * SnakeYAML's reader over a text already in memory, linear in its length. SnakeYAML's own {@link StreamReader} reads
 * 1024 characters at a time into a window that starts at the token being scanned, and copies the whole window for
 * every chunk: a plain scalar of n characters costs n²/1024 copies (a 4 MB one took 20-34 s of CPU). Here the text's
 * code points are decoded once, and every method reads them in place; positions, lines, columns and errors are those
 * of {@link StreamReader}.
 */
final class WholeTextReader extends StreamReader {

  private static final String NAME = "'string'";

  private final int[] codePoints;
  private final int unprintable; // index of the first code point YAML does not allow, or the length
  private int index;
  private int documentIndex;
  private int line;
  private int column;

  WholeTextReader(String text) {
    super("");
    this.codePoints = text.codePoints().toArray();
    int first = 0;
    while (first < codePoints.length && isPrintable(codePoints[first])) {
      first++;
    }
    this.unprintable = first;
  }

  /** Every document of {@code text}, composed as {@code new Yaml(options).composeAll(text)} would, but lazily read. */
  static Iterable<Node> composeAll(String text, LoaderOptions options, Resolver resolver) {
    Composer composer = new Composer(new ParserImpl(new WholeTextReader(text), options), resolver, options);
    return () -> new java.util.Iterator<>() {
      @Override
      public boolean hasNext() {
        return composer.checkNode();
      }

      @Override
      public Node next() {
        Node node = composer.getNode();
        if (node == null) {
          throw new java.util.NoSuchElementException();
        }
        return node;
      }
    };
  }

  /** As {@link #composeAll}, all at once. */
  static List<Node> documents(String text, LoaderOptions options, Resolver resolver) {
    List<Node> nodes = new java.util.ArrayList<>();
    composeAll(text, options, resolver).forEach(nodes::add);
    return nodes;
  }

  @Override
  public Mark getMark() {
    return new Mark(NAME, index, line, column, codePoints, index);
  }

  @Override
  public void forward() {
    forward(1);
  }

  @Override
  public void forward(int length) {
    for (int i = 0; i < length && available(1); i++) {
      int c = codePoints[index++];
      documentIndex++;
      if (Constant.LINEBR.has(c) || (c == '\r' && available(1) && codePoints[index] != '\n')) {
        line++;
        column = 0;
      } else if (c != 0xFEFF) {
        column++;
      }
    }
  }

  @Override
  public int peek() {
    return available(1) ? codePoints[index] : 0;
  }

  @Override
  public int peek(int offset) {
    return available(offset + 1) ? codePoints[index + offset] : 0;
  }

  @Override
  public String prefix(int length) {
    if (length == 0) {
      return "";
    }
    available(length);
    return new String(codePoints, index, Math.min(length, codePoints.length - index));
  }

  @Override
  public String prefixForward(int length) {
    String prefix = prefix(length);
    index += length;
    documentIndex += length;
    column += length;
    return prefix;
  }

  @Override
  public int getColumn() {
    return column;
  }

  @Override
  public int getDocumentIndex() {
    return documentIndex;
  }

  @Override
  public void resetDocumentIndex() {
    documentIndex = 0;
  }

  @Override
  public int getIndex() {
    return index;
  }

  @Override
  public int getLine() {
    return line;
  }

  /**
   * Whether {@code size} more code points are there; reading up to an unprintable one fails as {@link StreamReader}
   * fails when it loads it.
   */
  private boolean available(int size) {
    if (index + size > unprintable && unprintable < codePoints.length) {
      throw new ReaderException(NAME, unprintable, codePoints[unprintable], "special characters are not allowed");
    }
    return index + size <= codePoints.length;
  }
}
