package io.tandem.common.yaml;

import io.tandem.common.yaml.ResourceChange.Op;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Edits a unit's YAML text so that it reads as the wanted resources, changing as little text as possible: every line
 * that is not part of a change stays byte-identical, with its comments, key order and quoting.
 *
 * <p>The edit is driven by the {@link StructuralDiff} between what the text says and what is wanted, one change at a
 * time, each spliced into the text at the node positions SnakeYAML reports: a changed scalar is replaced in place
 * (keeping its quote style and trailing comment), a new key or list item is inserted at its siblings' indentation,
 * a removed key or item takes its lines with it. Where no splice fits (a flow collection, the last entry of a
 * mapping), the smallest enclosing value is re-emitted instead. The result is checked: should the text still differ
 * from what is wanted, the resource's document is re-emitted whole, so the outcome is always exactly the wanted data.
 */
public final class TextPatcher {

  private final String original;
  private final List<KubernetesResource> wanted;
  private final Style style;
  /** {@link #wanted}, with the identities the text still has for resources being renamed. */
  private List<KubernetesResource> target;

  private TextPatcher(String original, List<KubernetesResource> wanted) {
    this.original = original;
    this.wanted = wanted;
    this.style = Style.of(original);
  }

  /** {@code text} edited to parse as {@code wanted}; {@code text} itself when it already does. */
  public static String patch(String text, List<KubernetesResource> wanted) {
    return new TextPatcher(text, wanted).run();
  }

  private String run() {
    String text = original;
    List<ResourceChange> changes = changes(text);
    int budget = 4 * changes.size() + 16;
    while (!changes.isEmpty()) {
      ResourceChange next = changes.stream().min(APPLY_ORDER).orElseThrow();
      String edited = budget-- > 0 ? tryApply(text, next) : null;
      if (edited == null || edited.equals(text)) {
        return reemit(text, next.resource());
      }
      text = edited;
      changes = changes(text);
    }
    return text;
  }

  /**
   * What is still to change in {@code text}. A resource whose namespace (or API version) is being changed keeps
   * its identity here, so that it is edited in its document rather than removed and written anew.
   */
  private List<ResourceChange> changes(String text) {
    List<KubernetesResource> current = ParsedContent.parse(text);
    target = new ArrayList<>();
    for (KubernetesResource want : wanted) {
      KubernetesResource renamed =
          current.stream().anyMatch(r -> r.id().equals(want.id()))
              ? null
              : current.stream()
                  .filter(r -> r.kind().equals(want.kind()) && r.name().equals(want.name()))
                  .filter(r -> wanted.stream().noneMatch(w -> w.id().equals(r.id())))
                  .filter(r -> target.stream().noneMatch(t -> t.id().equals(r.id())))
                  .findFirst()
                  .orElse(null);
      target.add(
          renamed == null
              ? want
              : new KubernetesResource(renamed.apiVersion(), renamed.kind(), renamed.namespace(), renamed.name(),
                  want.content(), want.document(), want.line()));
    }
    return StructuralDiff.between(current, target);
  }

  /**
   * Removals first, deepest index first, so that positions of what is still to be removed stay valid; then
   * replacements; then additions in order.
   */
  private static final Comparator<ResourceChange> APPLY_ORDER =
      Comparator.comparingInt((ResourceChange change) -> change.op() == Op.remove ? 0 : change.op() == Op.replace ? 1 : 2)
          .thenComparing(change -> change.op() == Op.remove ? -lastIndex(change.path()) : 0);

  private static int lastIndex(String path) {
    String last = path.substring(path.lastIndexOf('.') + 1);
    return last.chars().allMatch(Character::isDigit) && !last.isEmpty() ? Integer.parseInt(last) : 0;
  }

  private String tryApply(String text, ResourceChange change) {
    try {
      Document document = Document.find(text, change.resource());
      if (change.path().isEmpty()) {
        return change.op() == Op.add ? appendDocument(text, change.to()) : document == null ? null : removeDocument(text, document);
      }
      if (document == null || hasAnchors(document.root())) {
        return null; // an anchored node is shared by its aliases: a splice there would change them all
      }
      List<String> segments = segments(change.path());
      String edited =
          switch (change.op()) {
            case replace -> replace(text, document, segments, change.to());
            case add -> add(text, document, segments, change.to());
            case remove -> remove(text, document, segments);
          };
      if (edited != null) {
        ParsedContent.parse(edited); // a splice must leave valid YAML; the next step reads the parse again
      }
      return edited;
    } catch (RuntimeException e) {
      return null; // anything unexpected: fall back to re-emitting the document
    }
  }

  // ---- operations --------------------------------------------------------------------------------------------

  private String replace(String text, Document document, List<String> path, Object value) {
    Located target = document.locate(path);
    if (target == null) {
      return null;
    }
    Node node = target.node();
    if (node instanceof ScalarNode scalar && isInlineScalar(value) && !isBlockScalar(scalar)) {
      int start = scalar.getStartMark().getIndex();
      int end = scalar.getEndMark().getIndex();
      String rendered = Scalars.render(value, scalar.getScalarStyle());
      if (start == end && start > 0 && text.charAt(start - 1) == ':') {
        rendered = " " + rendered; // `key:` with no value
      }
      return splice(text, start, end, rendered);
    }
    return replaceValue(text, target, value);
  }

  private String add(String text, Document document, List<String> path, Object value) {
    List<String> parentPath = path.subList(0, path.size() - 1);
    String last = path.get(path.size() - 1);
    Located parent = document.locate(parentPath);
    if (parent == null) {
      return null;
    }
    Node node = parent.node();
    if (node instanceof MappingNode map && !map.getValue().isEmpty() && isBlock(map)) {
      NodeTuple lastEntry = map.getValue().get(map.getValue().size() - 1);
      int keyColumn = map.getValue().get(0).getKeyNode().getStartMark().getColumn();
      int at = lineEndAfter(text, lastContentEnd(text, lastEntry.getValueNode()));
      String entry = " ".repeat(keyColumn) + Scalars.renderKey(unescape(last)) + ":" + valueAfterKey(value, keyColumn) + "\n";
      return insertLine(text, at, entry);
    }
    if (node instanceof SequenceNode list && !list.getValue().isEmpty() && isBlock(list)) {
      int index = Integer.parseInt(last);
      List<Node> items = list.getValue();
      int dashColumn = dashColumn(text, items.get(0));
      if (dashColumn < 0 || index > items.size()) {
        return null;
      }
      String item = " ".repeat(dashColumn) + "- " + itemText(value, dashColumn + 2) + "\n";
      int at =
          index < items.size()
              ? lineStart(text, items.get(index).getStartMark().getIndex())
              : lineEndAfter(text, lastContentEnd(text, items.get(items.size() - 1)));
      return insertLine(text, at, item);
    }
    return reemitParent(text, document, parentPath);
  }

  private String remove(String text, Document document, List<String> path) {
    List<String> parentPath = path.subList(0, path.size() - 1);
    Located parent = document.locate(parentPath);
    Located target = document.locate(path);
    if (parent == null || target == null) {
      return null;
    }
    if (parent.node() instanceof MappingNode map && map.getValue().size() > 1 && isBlock(map)) {
      int from = lineStart(text, target.key().getStartMark().getIndex());
      int to = lineEndAfter(text, lastContentEnd(text, target.node()));
      return splice(text, from, to, "");
    }
    if (parent.node() instanceof SequenceNode list && list.getValue().size() > 1 && isBlock(list)) {
      int from = lineStart(text, target.node().getStartMark().getIndex());
      int to = lineEndAfter(text, lastContentEnd(text, target.node()));
      return splice(text, from, to, "");
    }
    return reemitParent(text, document, parentPath);
  }

  /** Replaces the value at {@code parentPath} with the wanted value there. */
  private String reemitParent(String text, Document document, List<String> parentPath) {
    if (parentPath.isEmpty()) {
      return null;
    }
    Object wantedValue = wantedAt(document.id(), parentPath);
    Located parent = document.locate(parentPath);
    if (parent == null || wantedValue == Missing.VALUE) {
      return null;
    }
    return replaceValue(text, parent, wantedValue);
  }

  /** Replaces the text of a located value, from just after its key's ':' (or its item's '- '), with {@code value}. */
  private String replaceValue(String text, Located target, Object value) {
    int end = lastContentEnd(text, target.node());
    if (target.key() != null) {
      int keyColumn = target.key().getStartMark().getColumn();
      int colon = text.indexOf(':', target.key().getEndMark().getIndex());
      if (colon < 0 || colon > target.node().getStartMark().getIndex()) {
        return null;
      }
      return splice(text, colon + 1, Math.max(end, colon + 1), valueAfterKey(value, keyColumn));
    }
    if (target.inSequence()) {
      int column = target.node().getStartMark().getColumn();
      return splice(text, target.node().getStartMark().getIndex(), end, itemText(value, column));
    }
    return null;
  }

  private String appendDocument(String text, Object content) {
    StringBuilder result = new StringBuilder(text);
    boolean hasContent = !KubernetesYaml.parse(text).isEmpty();
    if (!text.isEmpty() && !text.endsWith("\n")) {
      result.append('\n');
    }
    if (hasContent) {
      result.append("---\n");
    }
    result.append(style.block(content, 0)).append('\n');
    return result.toString();
  }

  private String removeDocument(String text, Document document) {
    int from = lineStart(text, document.root().getStartMark().getIndex());
    int to = lineEndAfter(text, documentEnd(text, document.root()));
    // take one '---' separator with it: the one before, or else the one after
    int previousLine = from == 0 ? -1 : lineStart(text, from - 1);
    if (previousLine >= 0 && text.startsWith("---", previousLine)) {
      from = previousLine;
    } else if (text.startsWith("---", to)) {
      to = lineEndAfter(text, to);
    }
    return splice(text, from, to, "");
  }

  /** The last resort: the resource's document written out anew from the wanted data (its comments are lost). */
  private String reemit(String text, String resourceId) {
    KubernetesResource want = target.stream().filter(r -> r.id().equals(resourceId)).findFirst().orElse(null);
    Document document = Document.find(text, resourceId);
    String result = null;
    if (document != null && want != null) {
      int from = lineStart(text, document.root().getStartMark().getIndex());
      int to = lineEndAfter(text, documentEnd(text, document.root()));
      result = splice(text, from, to, style.block(want.content(), 0) + "\n");
    } else if (document != null) {
      result = removeDocument(text, document);
    } else if (want != null) {
      result = appendDocument(text, want.content());
    }
    if (result != null && StructuralDiff.between(ParsedContent.parse(result), wanted).stream()
        .noneMatch(change -> change.resource().equals(resourceId))) {
      return continueFrom(result);
    }
    return everything();
  }

  private String continueFrom(String text) {
    return new TextPatcher(text, wanted).run();
  }

  private String everything() {
    List<String> documents = new ArrayList<>();
    for (KubernetesResource resource : wanted) {
      documents.add(style.block(resource.content(), 0) + "\n");
    }
    return String.join("---\n", documents);
  }

  private static boolean hasAnchors(Node node) {
    if (node.getAnchor() != null) {
      return true;
    }
    if (node instanceof MappingNode map) {
      return map.getValue().stream().anyMatch(t -> hasAnchors(t.getKeyNode()) || hasAnchors(t.getValueNode()));
    }
    return node instanceof SequenceNode list && list.getValue().stream().anyMatch(TextPatcher::hasAnchors);
  }

  // ---- rendering ---------------------------------------------------------------------------------------------

  /** What follows {@code key:} for a value: {@code " scalar"}, {@code " {}"}, or a new line and an indented block. */
  private String valueAfterKey(Object value, int keyColumn) {
    if (isInlineScalar(value)) {
      return " " + Scalars.render(value, null);
    }
    if (value instanceof Map<?, ?> map && map.isEmpty()) {
      return " {}";
    }
    if (value instanceof List<?> list && list.isEmpty()) {
      return " []";
    }
    if (value instanceof String) {
      return " " + style.block(value, keyColumn + style.indent()).stripLeading();
    }
    int indent = value instanceof List<?> && !style.indentedSequences() ? keyColumn : keyColumn + style.indent();
    return "\n" + style.block(value, indent);
  }

  /** The text of a list item after its {@code "- "}, continuation lines indented to {@code column}. */
  private String itemText(Object value, int column) {
    if (isInlineScalar(value)) {
      return Scalars.render(value, null);
    }
    return style.block(value, column).substring(column);
  }

  private static boolean isInlineScalar(Object value) {
    return !(value instanceof Map<?, ?>) && !(value instanceof List<?>)
        && !(value instanceof String text && (text.contains("\n") || text.contains("\r")));
  }

  // ---- positions ---------------------------------------------------------------------------------------------

  /** The index just after the last character of a node's content (not its trailing comment or blank lines). */
  private static int lastContentEnd(String text, Node node) {
    if (node instanceof MappingNode map && isBlock(map) && !map.getValue().isEmpty()) {
      return lastContentEnd(text, map.getValue().get(map.getValue().size() - 1).getValueNode());
    }
    if (node instanceof SequenceNode list && isBlock(list) && !list.getValue().isEmpty()) {
      return lastContentEnd(text, list.getValue().get(list.getValue().size() - 1));
    }
    int end = node.getEndMark().getIndex();
    int start = node.getStartMark().getIndex();
    while (end > start && Character.isWhitespace(text.charAt(end - 1))) {
      end--;
    }
    return end;
  }

  /**
   * The end of a document's content, from where its root ends rather than from its last value, which may be an alias
   * whose position is that of its anchor, earlier in the text.
   */
  private static int documentEnd(String text, Node root) {
    int end = Math.min(root.getEndMark().getIndex(), text.length());
    while (end > 0 && Character.isWhitespace(text.charAt(end - 1))) {
      end--;
    }
    return end;
  }

  private static int dashColumn(String text, Node item) {
    int index = item.getStartMark().getIndex() - 1;
    while (index >= 0 && text.charAt(index) == ' ') {
      index--;
    }
    if (index < 0 || text.charAt(index) != '-') {
      return -1;
    }
    return index - lineStart(text, index);
  }

  private static int lineStart(String text, int index) {
    return text.lastIndexOf('\n', Math.max(0, index - 1)) + 1;
  }

  /** The index after the newline that ends the line holding {@code index} (the text's end if there is none). */
  private static int lineEndAfter(String text, int index) {
    int newline = text.indexOf('\n', index);
    return newline < 0 ? text.length() : newline + 1;
  }

  private static String insertLine(String text, int at, String line) {
    if (at == text.length() && !text.isEmpty() && !text.endsWith("\n")) {
      return text + "\n" + line;
    }
    return splice(text, at, at, line);
  }

  private static String splice(String text, int from, int to, String replacement) {
    return text.substring(0, from) + replacement + text.substring(to);
  }

  private static boolean isBlock(Node node) {
    return node instanceof MappingNode map
        ? map.getFlowStyle() == DumperOptions.FlowStyle.BLOCK
        : node instanceof SequenceNode list && list.getFlowStyle() == DumperOptions.FlowStyle.BLOCK;
  }

  private static boolean isBlockScalar(ScalarNode scalar) {
    return scalar.getScalarStyle() == DumperOptions.ScalarStyle.LITERAL
        || scalar.getScalarStyle() == DumperOptions.ScalarStyle.FOLDED;
  }

  // ---- paths -------------------------------------------------------------------------------------------------

  private static List<String> segments(String path) {
    return List.of(path.split("\\.", -1));
  }

  private static String unescape(String segment) {
    return segment.replace("~1", ".").replace("~0", "~");
  }

  private enum Missing {
    VALUE
  }

  private Object wantedAt(String resourceId, List<String> path) {
    Object value =
        target.stream().filter(r -> r.id().equals(resourceId)).findFirst().map(KubernetesResource::content).orElse(null);
    for (String segment : path) {
      if (value instanceof Map<?, ?> map && map.containsKey(unescape(segment))) {
        value = map.get(unescape(segment));
      } else if (value instanceof List<?> list && segment.chars().allMatch(Character::isDigit)
          && Integer.parseInt(segment) < list.size()) {
        value = list.get(Integer.parseInt(segment));
      } else {
        return Missing.VALUE;
      }
    }
    return value;
  }

  /** A value node in the text, with the key node it belongs to (null for list items and the root). */
  private record Located(Node node, Node key, boolean inSequence) {}

  /** One resource's document in the text: its root node, as composed with positions. */
  private record Document(String id, MappingNode root) {

    static Document find(String text, String resourceId) {
      List<KubernetesResource> resources = ParsedContent.parse(text);
      KubernetesResource resource = resources.stream().filter(r -> r.id().equals(resourceId)).findFirst().orElse(null);
      if (resource == null) {
        return null;
      }
      LoaderOptions options = new LoaderOptions();
      options.setCodePointLimit(Math.max(text.length() + 1, options.getCodePointLimit())); // parsed above already
      int document = 0;
      for (Node node : WholeTextReader.composeAll(text, options, new Resolver())) {
        document++;
        if (document == resource.document()) {
          return new Document(resourceId, (MappingNode) node);
        }
      }
      return null;
    }

    Located locate(List<String> path) {
      Node node = root;
      Node key = null;
      boolean inSequence = false;
      for (String segment : path) {
        String name = unescape(segment);
        if (node instanceof MappingNode map) {
          NodeTuple entry =
              map.getValue().stream()
                  .filter(t -> t.getKeyNode() instanceof ScalarNode k && k.getValue().equals(name))
                  .findFirst()
                  .orElse(null);
          if (entry == null) {
            return null;
          }
          key = entry.getKeyNode();
          node = entry.getValueNode();
          inSequence = false;
        } else if (node instanceof SequenceNode list && segment.chars().allMatch(Character::isDigit)
            && !segment.isEmpty() && Integer.parseInt(segment) < list.getValue().size()) {
          node = list.getValue().get(Integer.parseInt(segment));
          key = null;
          inSequence = true;
        } else {
          return null;
        }
      }
      if (Tag.MERGE.equals(node.getTag())) {
        return null;
      }
      return new Located(node, key, inSequence);
    }
  }
}
