package io.tandem.function.builtin;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.function.domain.KindSchemas;
import io.tandem.function.domain.SchemaType;
import io.tandem.function.domain.SchemaType.ListOf;
import io.tandem.function.domain.SchemaType.MapOf;
import io.tandem.function.domain.SchemaType.Scalar;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The check against a schema given in the test: the port's shapes, not the Kubernetes model (see FunctionGoldenTest). */
class SchemaCheckTest {

  /** {@code v1/Widget}: a name, a count, a list of ports (int or string), labels, and a nested widget. */
  static final class Widget implements SchemaType.Fields {
    @Override
    public Map<String, SchemaType> fields() {
      return Map.of("apiVersion", Scalar.STRING, "kind", Scalar.STRING, "name", Scalar.STRING, "count", Scalar.INTEGER,
          "ports", new ListOf(Scalar.INT_OR_STRING), "labels", new MapOf(Scalar.STRING), "child", this,
          "extra", Scalar.FREE);
    }
  }

  final KindSchemas schemas = type -> type.equals("v1/Widget") ? Optional.of(new Widget()) : Optional.empty();

  @Test
  void aMatchingObjectHasNoProblems() {
    assertThat(problems(widget(Map.of("name", "w", "count", 2, "ports", List.of(80, "http"),
        "labels", Map.of("app", "w"), "child", Map.of("count", 1), "extra", List.of(Map.of("any", true)))))).isEmpty();
  }

  @Test
  void unknownFieldsAndValuesOfTheWrongTypeAreReportedWithTheirPaths() {
    assertThat(problems(widget(Map.of("count", "2", "ports", List.of(true), "labels", List.of("a"),
        "child", Map.of("colour", "red"))))).containsExactlyInAnyOrder(
            "count: expected an integer, got the string '2'",
            "ports.0: expected an integer or a string, got the boolean true",
            "labels: expected a mapping, got a list",
            "child.colour: unknown field 'colour'");
  }

  @Test
  void nullClearsAFieldAnywhere() {
    Map<String, Object> fields = new HashMap<>();
    fields.put("count", null);
    assertThat(problems(widget(fields))).isEmpty();
  }

  @Test
  void aKindTheSchemasDoNotKnowIsNotChecked() {
    assertThat(problems(Map.of("apiVersion", "example.com/v1", "kind", "Gadget", "anything", 1))).isEmpty();
  }

  private static Map<String, Object> widget(Map<String, Object> fields) {
    Map<String, Object> widget = new HashMap<>(fields);
    widget.put("apiVersion", "v1");
    widget.put("kind", "Widget");
    return widget;
  }

  private List<String> problems(Map<String, Object> resource) {
    List<String> problems = new ArrayList<>();
    SchemaCheck.check(schemas, resource, (path, problem) -> problems.add(path + ": " + problem));
    return problems;
  }
}
