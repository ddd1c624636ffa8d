package io.tandem.function.builtin;

import io.tandem.common.yaml.Paths;
import io.tandem.function.domain.KindSchemas;
import io.tandem.function.domain.SchemaType;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/** Checks a resource tree against the schema of its kind: unknown fields and values of the wrong type, with paths. */
final class SchemaCheck {

  private SchemaCheck() {}

  /**
   * Calls {@code problem} with the path and description of every mismatch of {@code resource} with its schema; a kind
   * the schemas do not know (a custom resource) is not checked.
   */
  static void check(KindSchemas schemas, Map<String, Object> resource, BiConsumer<String, String> problem) {
    schemas.of(resource.get("apiVersion") + "/" + resource.get("kind"))
        .ifPresent(type -> checkValue(resource, type, "", problem));
  }

  private static void checkValue(Object value, SchemaType type, String path, BiConsumer<String, String> problem) {
    if (value == null) {
      return; // null clears a field; Kubernetes accepts it anywhere
    }
    if (type instanceof SchemaType.ListOf listOf) {
      if (!(value instanceof List<?> list)) {
        problem.accept(path, "expected a list, got " + describe(value));
        return;
      }
      for (int i = 0; i < list.size(); i++) {
        checkValue(list.get(i), listOf.items(), Paths.child(path, i), problem);
      }
    } else if (type instanceof SchemaType.MapOf mapOf) {
      if (!(value instanceof Map<?, ?> map)) {
        problem.accept(path, "expected a mapping, got " + describe(value));
        return;
      }
      map.forEach((key, item) -> checkValue(item, mapOf.values(), Paths.child(path, String.valueOf(key)), problem));
    } else if (type instanceof SchemaType.Fields object) {
      if (!(value instanceof Map<?, ?> map)) {
        problem.accept(path, "expected a mapping, got " + describe(value));
        return;
      }
      Map<String, SchemaType> fields = object.fields();
      map.forEach((key, item) -> {
        SchemaType fieldType = fields.get(String.valueOf(key));
        String child = Paths.child(path, String.valueOf(key));
        if (fieldType == null) {
          problem.accept(child, "unknown field '" + key + "'");
        } else {
          checkValue(item, fieldType, child, problem);
        }
      });
    } else if (type instanceof SchemaType.Scalar scalar) {
      checkScalar(value, scalar, path, problem);
    }
  }

  private static void checkScalar(Object value, SchemaType.Scalar type, String path, BiConsumer<String, String> problem) {
    switch (type) {
      case STRING -> expect(value instanceof String, "a string", value, path, problem);
      case INTEGER -> expect(isInteger(value), "an integer", value, path, problem);
      case NUMBER -> expect(value instanceof Number, "a number", value, path, problem);
      case BOOLEAN -> expect(value instanceof Boolean, "true or false", value, path, problem);
      case INT_OR_STRING -> expect(value instanceof String || isInteger(value), "an integer or a string", value, path, problem);
      case QUANTITY -> expect(value instanceof String || value instanceof Number, "a quantity", value, path, problem);
      case FREE -> { } // free-form JSON, enums of strings …: not checked
    }
  }

  private static void expect(boolean ok, String expected, Object value, String path, BiConsumer<String, String> problem) {
    if (!ok) {
      problem.accept(path, "expected " + expected + ", got " + describe(value));
    }
  }

  private static boolean isInteger(Object value) {
    return value instanceof Integer || value instanceof Long || value instanceof BigInteger;
  }

  private static String describe(Object value) {
    if (value instanceof Map<?, ?>) {
      return "a mapping";
    }
    if (value instanceof List<?>) {
      return "a list";
    }
    if (value instanceof String text) {
      return "the string '" + (text.length() > 40 ? text.substring(0, 37) + "..." : text) + "'";
    }
    return (value instanceof Boolean ? "the boolean " : "the number ") + value;
  }
}
