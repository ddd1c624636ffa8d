package io.tandem.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class YamlHighlightTest {

  @Test
  void keysValuesCommentsAndSeparatorsGetTheirSpans() {
    String html = YamlHighlight.html("# a comment\nmetadata:\n  name: web\n---\n- item\n");

    assertThat(html).contains("<span class=\"y-c\"># a comment</span>", "<span class=\"y-k\">metadata</span>:",
        "  <span class=\"y-k\">name</span>: <span class=\"y-v\">web</span>", "<span class=\"y-d\">---</span>",
        "- <span class=\"y-v\">item</span>");
  }

  @Test
  void markupInTheTextIsEscapedNeverInterpreted() {
    String html = YamlHighlight.html("key: <script>alert(1)</script>\n\"<b>\": x & y\n");

    assertThat(html).doesNotContain("<script>", "<b>").contains("&lt;script&gt;", "&amp; y");
  }
}
