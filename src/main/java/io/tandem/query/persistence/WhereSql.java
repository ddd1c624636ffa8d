package io.tandem.query.persistence;

import io.tandem.query.domain.Where;
import io.tandem.query.domain.WhereCatalog.Attribute;
import io.tandem.query.domain.WhereExpression.Operator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A checked filter as a SQL condition with named parameters. The SQL text is assembled only from a store's
 * {@link WhereColumns} and the operators; every value, and every label key, is a parameter ({@code :w0}, {@code :w1}
 * …; {@code :d0} … for a {@link DataQuerySql}).
 *
 * <p>The translator is {@code query}'s adapter, not shared kernel in {@code common}: it reads {@code query.domain}'s
 * {@code Where}, and {@code common} may know no feature, so putting it there would pull the whole language (grammar
 * and catalogs) into the kernel. Instead {@code ArchitectureRules.featuresUseNoOtherFeaturesAdapters} makes one narrow
 * exception: a store's {@code persistence} may use this package, and nothing else outside {@code query} may ({@code
 * domainDoesNotReachIntoPersistence} and {@code apiDoesNotReachIntoPersistence} hold the rest to domain types).
 */
public record WhereSql(String sql, Map<String, Object> parameters) {

  /** No filter: always true. */
  public static final WhereSql NONE = new WhereSql("true", Map.of());

  /** Both conditions; parameter names must not clash (each translator uses its own prefix). */
  public WhereSql and(WhereSql other) {
    if (equals(NONE)) {
      return other;
    }
    if (other.equals(NONE)) {
      return this;
    }
    Map<String, Object> parameters = new LinkedHashMap<>(this.parameters);
    parameters.putAll(other.parameters);
    return new WhereSql(sql + " and " + other.sql, Map.copyOf(parameters));
  }

  /** {@code where} over the store's columns; {@link #NONE} for no filter. */
  public static WhereSql of(Where where, WhereColumns columns) {
    if (where.isNone()) {
      return NONE;
    }
    Map<String, Object> parameters = new LinkedHashMap<>();
    List<String> parts = new ArrayList<>();
    for (Where.Clause clause : where.clauses()) {
      parts.add(condition(clause, columns, parameters));
    }
    return new WhereSql("(" + String.join(" and ", parts) + ")", Map.copyOf(parameters));
  }

  private static String condition(Where.Clause clause, WhereColumns columns, Map<String, Object> parameters) {
    String left = column(clause.left(), columns, parameters);
    Operator operator = clause.operator();
    if (operator == Operator.IS_NULL || operator == Operator.IS_NOT_NULL) {
      return left + (operator == Operator.IS_NULL ? " is null" : " is not null");
    }
    String sqlOperator = operator(operator);
    if (clause.right() != null) {
      return left + " " + sqlOperator + " " + column(clause.right(), columns, parameters);
    }
    if (operator == Operator.IN || operator == Operator.NOT_IN) {
      List<String> names = new ArrayList<>();
      clause.values().forEach(value -> names.add(":" + bind(parameters, value)));
      return left + " " + sqlOperator + " (" + String.join(", ", names) + ")";
    }
    if (operator == Operator.EQ && clause.left().isLabel()) {
      // containment can use the GIN index on the labels column; same meaning as labels ->> key = value
      String key = ":w" + (parameters.size() - 1);
      return columns.labels(clause.left().name()) + " @> jsonb_build_object(cast(" + key + " as text), cast(:"
          + bind(parameters, clause.values().get(0)) + " as text))";
    }
    return left + " " + sqlOperator + " :" + bind(parameters, clause.values().get(0));
  }

  /** The attribute's SQL; a label's reads its key, bound first, from its labels column. */
  private static String column(Attribute attribute, WhereColumns columns, Map<String, Object> parameters) {
    if (attribute.isLabel()) {
      return columns.labels(attribute.name()) + " ->> :" + bind(parameters, attribute.labelKey());
    }
    return columns.sql(attribute.name());
  }

  static String operator(Operator operator) {
    return switch (operator) {
      case EQ -> "=";
      case NE -> "<>";
      case LT -> "<";
      case GT -> ">";
      case LE -> "<=";
      case GE -> ">=";
      case LIKE -> "like";
      case ILIKE -> "ilike";
      case IN -> "in";
      case NOT_IN -> "not in";
      default -> throw new IllegalStateException(operator.name());
    };
  }

  private static String bind(Map<String, Object> parameters, Object value) {
    String name = "w" + parameters.size();
    parameters.put(name, value);
    return name;
  }
}
