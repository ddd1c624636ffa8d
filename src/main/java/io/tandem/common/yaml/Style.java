package io.tandem.common.yaml;

import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * How a text indents, so that inserted blocks look like their neighbours: the indentation step of nested mappings,
 * and whether list items are indented under their key ({@code key:\n  - a}) or not ({@code key:\n- a}).
 */
record Style(int indent, boolean indentedSequences) {

  private static final Style DEFAULT = new Style(2, true);

  static Style of(String text) {
    Integer indent = null;
    Boolean indented = null;
    try {
      for (Node document : WholeTextReader.composeAll(text, new LoaderOptions(), new Resolver())) {
        Style found = find(document);
        if (found != null) {
          indent = indent == null && found.indent > 0 ? found.indent : indent;
          indented = indented == null ? found.indentedSequences : indented;
        }
        if (indent != null && indented != null) {
          break;
        }
      }
    } catch (RuntimeException e) {
      return DEFAULT;
    }
    return new Style(indent == null ? DEFAULT.indent : indent, indented == null ? DEFAULT.indentedSequences : indented);
  }

  /** The first nested mapping and the first sequence under a key that the document shows. */
  private static Style find(Node node) {
    if (!(node instanceof MappingNode map)) {
      return null;
    }
    int indent = -1;
    Boolean indented = null;
    for (NodeTuple entry : map.getValue()) {
      int keyColumn = entry.getKeyNode().getStartMark().getColumn();
      Node value = entry.getValueNode();
      if (indent < 0 && value instanceof MappingNode child && !child.getValue().isEmpty()
          && child.getFlowStyle() == DumperOptions.FlowStyle.BLOCK) {
        indent = child.getValue().get(0).getKeyNode().getStartMark().getColumn() - keyColumn;
      }
      if (indented == null && value instanceof SequenceNode list && !list.getValue().isEmpty()
          && list.getFlowStyle() == DumperOptions.FlowStyle.BLOCK) {
        indented = list.getValue().get(0).getStartMark().getColumn() - 2 > keyColumn;
      }
      Style nested = find(value);
      if (nested != null) {
        indent = indent < 0 ? nested.indent : indent;
        indented = indented == null ? nested.indentedSequences : indented;
      }
      if (indent > 0 && indented != null) {
        break;
      }
    }
    return indent < 0 && indented == null ? null : new Style(Math.max(indent, 0), indented == null ? DEFAULT.indentedSequences : indented);
  }

  /** {@code value} as block YAML, every line indented by {@code indent} spaces, without a final newline. */
  String block(Object value, int indent) {
    DumperOptions options = new DumperOptions();
    options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    options.setIndent(Math.max(2, this.indent));
    if (indentedSequences) {
      options.setIndicatorIndent(Math.max(2, this.indent));
      options.setIndentWithIndicator(true);
    }
    options.setWidth(Integer.MAX_VALUE);
    options.setSplitLines(false);
    String[] lines = new Yaml(options).dump(value).split("\n", -1);
    // A top-level list comes out with its indicator indent already applied; the caller places it.
    int common = Integer.MAX_VALUE;
    for (String line : lines) {
      if (!line.isBlank()) {
        common = Math.min(common, line.length() - line.stripLeading().length());
      }
    }
    String prefix = " ".repeat(indent);
    StringBuilder result = new StringBuilder();
    for (String line : lines) {
      if (!result.isEmpty()) {
        result.append('\n');
      }
      if (!line.isBlank()) {
        result.append(prefix).append(line.substring(common == Integer.MAX_VALUE ? 0 : common));
      }
    }
    return result.toString().stripTrailing();
  }
}
