package io.tandem.query;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.query.WhereAttributes.Attribute;
import io.tandem.query.WhereAttributes.Type;
import io.tandem.query.WhereExpression.AttributeRef;
import io.tandem.query.WhereExpression.Condition;
import io.tandem.query.WhereExpression.ListOf;
import io.tandem.query.WhereExpression.Literal;
import io.tandem.query.WhereExpression.Operator;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A where expression as a SQL condition with named parameters. The SQL text is assembled only from the attribute
 * catalog and operators; every value, and every label key, is a parameter ({@code :w0}, {@code :w1} …).
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

  /** Parses and translates {@code where}; {@link #NONE} for a blank one. */
  public static WhereSql of(String where, WhereAttributes attributes) {
    if (where == null || where.isBlank()) {
      return NONE;
    }
    return translate(WhereParser.parse(where), attributes);
  }

  public static WhereSql translate(WhereExpression expression, WhereAttributes attributes) {
    Map<String, Object> parameters = new LinkedHashMap<>();
    List<String> parts = new ArrayList<>();
    for (Condition condition : expression.conditions()) {
      parts.add(condition(condition, attributes, parameters));
    }
    return new WhereSql("(" + String.join(" and ", parts) + ")", Map.copyOf(parameters));
  }

  private static String condition(Condition condition, WhereAttributes attributes, Map<String, Object> parameters) {
    Attribute left = resolve(condition.attribute(), attributes, parameters);
    Operator operator = condition.operator();
    if (operator == Operator.IS_NULL || operator == Operator.IS_NOT_NULL) {
      return left.sql() + (operator == Operator.IS_NULL ? " is null" : " is not null");
    }
    if ((operator == Operator.LIKE || operator == Operator.ILIKE) && left.type() != Type.STRING) {
      throw invalid(condition.attribute().position(), operator.text() + " needs a string attribute; " + left.name() + " is not one");
    }
    if (left.type() == Type.BOOLEAN && operator != Operator.EQ && operator != Operator.NE) {
      throw invalid(condition.attribute().position(), left.name() + " can only be compared with = or !=");
    }
    String sqlOperator =
        switch (operator) {
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
    if (condition.operand() instanceof AttributeRef reference) {
      Attribute right = resolve(reference, attributes, parameters);
      if (right.type() != left.type()) {
        throw invalid(reference.position(), left.name() + " and " + right.name() + " have different types");
      }
      return left.sql() + " " + sqlOperator + " " + right.sql();
    }
    if (condition.operand() instanceof ListOf list) {
      List<String> names = new ArrayList<>();
      for (Literal literal : list.values()) {
        names.add(":" + bind(parameters, value(left, literal)));
      }
      return left.sql() + " " + sqlOperator + " (" + String.join(", ", names) + ")";
    }
    Literal literal = (Literal) condition.operand();
    String labelsColumn = attributes.labelsColumnOf(condition.attribute());
    if (operator == Operator.EQ && labelsColumn != null) {
      // containment can use the GIN index on the labels column; same meaning as labels ->> key = value
      String key = ":w" + (parameters.size() - 1);
      return labelsColumn + " @> jsonb_build_object(cast(" + key + " as text), cast(:"
          + bind(parameters, value(left, literal)) + " as text))";
    }
    return left.sql() + " " + sqlOperator + " :" + bind(parameters, value(left, literal));
  }

  private static Attribute resolve(AttributeRef reference, WhereAttributes attributes, Map<String, Object> parameters) {
    String keyParameter = "w" + parameters.size();
    WhereAttributes.Resolved resolved = attributes.resolve(reference, keyParameter);
    if (resolved.labelKey() != null) {
      parameters.put(keyParameter, resolved.labelKey());
    }
    return resolved.attribute();
  }

  /** The literal as the attribute's type, or 400 saying what was expected. */
  private static Object value(Attribute attribute, Literal literal) {
    Object value = literal.value();
    switch (attribute.type()) {
      case STRING -> {
        if (!(value instanceof String text)) {
          throw invalid(literal.position(), attribute.name() + " is a string; quote the value ('...')");
        }
        if (!attribute.allowed().isEmpty() && !attribute.allowed().contains(text)) {
          throw invalid(literal.position(), attribute.name() + " is one of " + attribute.allowed() + ", not '" + text + "'");
        }
        return text;
      }
      case INTEGER -> {
        if (!(value instanceof Long number)) {
          throw invalid(literal.position(), attribute.name() + " is an integer");
        }
        return number;
      }
      case BOOLEAN -> {
        if (!(value instanceof Boolean flag)) {
          throw invalid(literal.position(), attribute.name() + " is true or false");
        }
        return flag;
      }
      case TIMESTAMP -> {
        try {
          return OffsetDateTime.parse(String.valueOf(value));
        } catch (DateTimeParseException e) {
          throw invalid(literal.position(), attribute.name() + " is a time; write it as '2026-11-30T12:00:00Z'");
        }
      }
      default -> throw new IllegalStateException(attribute.type().name());
    }
  }

  private static String bind(Map<String, Object> parameters, Object value) {
    String name = "w" + parameters.size();
    parameters.put(name, value);
    return name;
  }

  private static TandemException invalid(int position, String problem) {
    return new TandemException(
        ProblemCode.INVALID_WHERE, "Invalid where expression at character " + (position + 1) + ": " + problem + ".");
  }
}
