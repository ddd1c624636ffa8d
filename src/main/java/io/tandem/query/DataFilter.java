package io.tandem.query;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.query.WhereExpression.Condition;
import io.tandem.query.WhereExpression.ListOf;
import io.tandem.query.WhereExpression.Literal;
import io.tandem.query.WhereExpression.Operator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Filters over the configuration itself: {@code resourceType} ({@code apps/v1/Deployment}) and {@code whereData},
 * the where language with dotted paths of a resource on the left ({@code spec.replicas < 2},
 * {@code spec.template.spec.containers.*.image LIKE '%:latest'}; {@code *} is every list item, {@code ~1} a dot in a
 * key). A unit matches when one of its resources of that type satisfies every condition, each through at least one
 * value its path reaches. Runs on {@code unit.head_objects}; paths become SQL/JSON path parameters.
 */
public final class DataFilter {

  private static final Pattern RESOURCE_TYPE = Pattern.compile("^([a-z0-9.-]+/)?v[0-9a-z]+/[A-Za-z][A-Za-z0-9]*$");
  private static final Pattern SEGMENT = Pattern.compile("^([A-Za-z0-9_.\\-/~]+|\\*|[0-9]+)$");

  private DataFilter() {}

  /** The filter as SQL over {@code u.head_objects}; {@link WhereSql#NONE} when both are blank. */
  public static WhereSql of(String resourceType, String whereData) {
    boolean typed = resourceType != null && !resourceType.isBlank();
    boolean filtered = whereData != null && !whereData.isBlank();
    if (!typed && !filtered) {
      return WhereSql.NONE;
    }
    Map<String, Object> parameters = new LinkedHashMap<>();
    List<String> conditions = new ArrayList<>();
    if (typed) {
      if (!RESOURCE_TYPE.matcher(resourceType).matches()) {
        throw TandemException.invalidArgument(
            "Parameter 'resourceType' must read apiVersion/kind, such as apps/v1/Deployment or v1/Service.");
      }
      conditions.add("(o ->> 'apiVersion') || '/' || (o ->> 'kind') = :" + bind(parameters, resourceType));
    }
    if (filtered) {
      for (Condition condition : WhereParser.parse(whereData).conditions()) {
        conditions.add(condition(condition, parameters));
      }
    }
    return new WhereSql(
        "(exists (select 1 from jsonb_array_elements(coalesce(u.head_objects, '[]'::jsonb)) o where "
            + String.join(" and ", conditions) + "))",
        Map.copyOf(parameters));
  }

  /**
   * Whether the filter could compare Secret values: a condition of {@code whereData} on a path under {@code data} or
   * {@code stringData} while {@code resourceType} is blank or {@code v1/Secret}. (A path starts with a key, and a
   * missing key reaches nothing, so the first segment decides.)
   */
  public static boolean readsSecretValues(String resourceType, String whereData) {
    if (whereData == null || whereData.isBlank()
        || (resourceType != null && !resourceType.isBlank() && !resourceType.equals("v1/Secret"))) {
      return false;
    }
    for (Condition condition : WhereParser.parse(whereData).conditions()) {
      String first = condition.attribute().name().split("\\.", -1)[0];
      if (first.equals("data") || first.equals("stringData")) {
        return true;
      }
    }
    return false;
  }

  private static String condition(Condition condition, Map<String, Object> parameters) {
    String path = ":" + bind(parameters, jsonPath(condition.attribute()));
    String values = "jsonb_path_query(o, cast(" + path + " as jsonpath)) v";
    Operator operator = condition.operator();
    if (operator == Operator.IS_NULL) {
      return "not exists (select 1 from " + values + " where jsonb_typeof(v) <> 'null')";
    }
    if (operator == Operator.IS_NOT_NULL) {
      return "exists (select 1 from " + values + " where jsonb_typeof(v) <> 'null')";
    }
    if (!(condition.operand() instanceof Literal) && !(condition.operand() instanceof ListOf)) {
      throw invalid(condition.attribute().position(), "whereData compares paths with values, not with other paths");
    }
    List<Literal> literals =
        condition.operand() instanceof ListOf list ? list.values() : List.of((Literal) condition.operand());
    Object first = literals.get(0).value();
    for (Literal literal : literals) {
      if (literal.value().getClass() != first.getClass()) {
        throw invalid(literal.position(), "the values of a list must all have one type");
      }
    }
    // CASE, not AND: SQL does not promise to check the type before it casts
    String value;
    if (first instanceof String) {
      value = "(case when jsonb_typeof(v) = 'string' then v #>> '{}' end)";
    } else if (first instanceof Long) {
      if (operator == Operator.LIKE || operator == Operator.ILIKE) {
        throw invalid(literals.get(0).position(), operator.text() + " needs a 'string' value");
      }
      value = "(case when jsonb_typeof(v) = 'number' then (v #>> '{}')::numeric end)";
    } else {
      if (operator != Operator.EQ && operator != Operator.NE) {
        throw invalid(literals.get(0).position(), "true and false can only be compared with = or !=");
      }
      value = "(case when jsonb_typeof(v) = 'boolean' then (v #>> '{}')::boolean end)";
    }
    String comparison =
        switch (operator) {
          case EQ -> value + " = :" + bind(parameters, first);
          case NE -> value + " <> :" + bind(parameters, first);
          case LT -> value + " < :" + bind(parameters, first);
          case GT -> value + " > :" + bind(parameters, first);
          case LE -> value + " <= :" + bind(parameters, first);
          case GE -> value + " >= :" + bind(parameters, first);
          case LIKE -> value + " like :" + bind(parameters, first);
          case ILIKE -> value + " ilike :" + bind(parameters, first);
          case IN, NOT_IN -> {
            List<String> names = new ArrayList<>();
            literals.forEach(literal -> names.add(":" + bind(parameters, literal.value())));
            yield value + (operator == Operator.IN ? " in (" : " not in (") + String.join(", ", names) + ")";
          }
          default -> throw new IllegalStateException(operator.name());
        };
    return "exists (select 1 from " + values + " where " + comparison + ")";
  }

  /** {@code spec.template.spec.containers.*.image} as {@code $."spec"."template"."spec"."containers"[*]."image"}. */
  private static String jsonPath(WhereExpression.AttributeRef reference) {
    StringBuilder path = new StringBuilder("$");
    for (String segment : reference.name().split("\\.", -1)) {
      if (!SEGMENT.matcher(segment).matches()) {
        throw invalid(reference.position(), "'" + reference.name() + "' is not a path of dotted keys, indices and *");
      }
      if (segment.equals("*")) {
        path.append("[*]");
      } else if (segment.chars().allMatch(Character::isDigit)) {
        path.append('[').append(segment).append(']');
      } else {
        String key = segment.replace("~1", ".").replace("~0", "~");
        path.append(".\"").append(key.replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
      }
    }
    return path.toString();
  }

  private static String bind(Map<String, Object> parameters, Object value) {
    String name = "d" + parameters.size();
    parameters.put(name, value);
    return name;
  }

  private static TandemException invalid(int position, String problem) {
    return new TandemException(
        ProblemCode.INVALID_WHERE, "Invalid whereData at character " + (position + 1) + ": " + problem + ".");
  }
}
