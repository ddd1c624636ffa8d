package io.tandem.common.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;

class WholeTextReaderTest {

  private static final List<String> TEXTS = List.of(
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a # a comment\ndata:\n  k: |\n    line one\n    line two\n",
      "a: 1\r\nb: [x, \"y\\u00e9\", 'z''s']\r\n---\r\nc: {d: e}\r\n",
      "\uFEFFkey: ünïcödé 😀 value\nother: >\n  folded\n  text\n...\n--- !!str plain\n",
      "anchors: &a {x: 1}\nuse: *a\nlist:\n- one\n-   two\n\u2028more: 3\n",
      "a: b\n  c: d\n"); // a syntax error: the same error, at the same place

  @Test
  void readsEveryTextAsSnakeYamlsOwnReaderDoes() {
    for (String text : TEXTS) {
      assertThat(events(new WholeTextReader(text))).as(text).isEqualTo(events(new StreamReader(text)));
    }
  }

  @Test
  void refusesAnUnprintableCharacterAsSnakeYamlsOwnReaderDoes() {
    String text = "a: b\nc: d\u0001e\n";

    String error = last(events(new WholeTextReader(text)));

    assertThat(error).startsWith("error: ").contains("special characters are not allowed")
        .isEqualTo(last(events(new StreamReader(text))));
  }

  @Test
  void readsAFourMegabyteScalarWhole() {
    String text = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\ndata:\n  blob: " + "x".repeat(4_000_000) + "\n";

    List<KubernetesResource> resources = KubernetesYaml.parse(text, Long.MAX_VALUE);

    assertThat(resources).hasSize(1);
    assertThat(((java.util.Map<?, ?>) resources.get(0).content().get("data")).get("blob").toString()).hasSize(4_000_000);
  }

  private static List<String> events(StreamReader reader) {
    List<String> events = new ArrayList<>();
    try {
      ParserImpl parser = new ParserImpl(reader, new LoaderOptions());
      while (parser.peekEvent() != null) {
        Event event = parser.getEvent();
        events.add(event + " " + at(event.getStartMark()) + " " + at(event.getEndMark()));
        if (event.is(Event.ID.StreamEnd)) {
          break;
        }
      }
    } catch (YAMLException e) {
      events.add("error: " + (e instanceof MarkedYAMLException marked
          ? marked.getProblem() + " " + at(marked.getProblemMark()) : e.getMessage()));
    }
    return events;
  }

  private static String at(Mark mark) {
    return mark.getLine() + ":" + mark.getColumn() + ":" + mark.getIndex();
  }

  private static String last(List<String> events) {
    return events.get(events.size() - 1);
  }
}
