package io.tandem.query.persistence;

import io.tandem.query.domain.DataQuery;
import io.tandem.query.domain.WhereExpression.Operator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link DataQuery} as SQL over a jsonb array of objects (a unit's head objects): paths become SQL/JSON path
 * parameters, values parameters, each compared only with values of its own JSON type.
 */
public final class DataQuerySql {

  private DataQuerySql() {}

  /** The query over {@code objects}, a jsonb column holding an array of objects; {@link WhereSql#NONE} for none. */
  public static WhereSql of(DataQuery query, String objects) {
    if (query.isNone()) {
      return WhereSql.NONE;
    }
    Map<String, Object> parameters = new LinkedHashMap<>();
    List<String> conditions = new ArrayList<>();
    if (query.resourceType() != null) {
      conditions.add("(o ->> 'apiVersion') || '/' || (o ->> 'kind') = :" + bind(parameters, query.resourceType()));
    }
    for (DataQuery.Clause clause : query.clauses()) {
      conditions.add(condition(clause, parameters));
    }
    return new WhereSql("(exists (select 1 from jsonb_array_elements(coalesce(" + objects + ", '[]'::jsonb)) o where "
        + String.join(" and ", conditions) + "))", Map.copyOf(parameters));
  }

  private static String condition(DataQuery.Clause clause, Map<String, Object> parameters) {
    String path = ":" + bind(parameters, jsonPath(clause.path()));
    String values = "jsonb_path_query(o, cast(" + path + " as jsonpath)) v";
    Operator operator = clause.operator();
    if (operator == Operator.IS_NULL) {
      return "not exists (select 1 from " + values + " where jsonb_typeof(v) <> 'null')";
    }
    if (operator == Operator.IS_NOT_NULL) {
      return "exists (select 1 from " + values + " where jsonb_typeof(v) <> 'null')";
    }
    Object first = clause.values().get(0);
    // CASE, not AND: SQL does not promise to check the type before it casts
    String value;
    if (first instanceof String) {
      value = "(case when jsonb_typeof(v) = 'string' then v #>> '{}' end)";
    } else if (first instanceof Long) {
      value = "(case when jsonb_typeof(v) = 'number' then (v #>> '{}')::numeric end)";
    } else {
      value = "(case when jsonb_typeof(v) = 'boolean' then (v #>> '{}')::boolean end)";
    }
    String comparison;
    if (operator == Operator.IN || operator == Operator.NOT_IN) {
      List<String> names = new ArrayList<>();
      clause.values().forEach(each -> names.add(":" + bind(parameters, each)));
      comparison = value + " " + WhereSql.operator(operator) + " (" + String.join(", ", names) + ")";
    } else {
      comparison = value + " " + WhereSql.operator(operator) + " :" + bind(parameters, first);
    }
    return "exists (select 1 from " + values + " where " + comparison + ")";
  }

  /** {@code [spec, containers, *, image]} as {@code $."spec"."containers"[*]."image"}. */
  private static String jsonPath(List<String> path) {
    StringBuilder jsonPath = new StringBuilder("$");
    for (String segment : path) {
      if (segment.equals("*")) {
        jsonPath.append("[*]");
      } else if (segment.chars().allMatch(Character::isDigit)) {
        jsonPath.append('[').append(segment).append(']');
      } else {
        jsonPath.append(".\"").append(segment.replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
      }
    }
    return jsonPath.toString();
  }

  private static String bind(Map<String, Object> parameters, Object value) {
    String name = "d" + parameters.size();
    parameters.put(name, value);
    return name;
  }
}
