package io.tandem.query.domain;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.query.domain.WhereCatalog.Attribute;
import io.tandem.query.domain.WhereExpression.AttributeRef;
import io.tandem.query.domain.WhereExpression.Condition;
import io.tandem.query.domain.WhereExpression.ListOf;
import io.tandem.query.domain.WhereExpression.Literal;
import io.tandem.query.domain.WhereExpression.Operator;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * A where expression checked against a {@link WhereCatalog}: every attribute it names exists, and every comparison is
 * of the attribute's type (strings among the allowed values, times parsed). A store translates it; whatever a user
 * wrote reaches it only as typed values.
 *
 * @param clauses the conditions, all of which must hold; none selects everything
 */
public record Where(List<Clause> clauses) {

  /** No filter. */
  public static final Where NONE = new Where(List.of());

  /**
   * {@code left operator right} for a comparison of two attributes, {@code left operator values} otherwise ({@code
   * right} null; one value, several for IN and NOT IN, none for IS [NOT] NULL). Values are of the left attribute's
   * type: String, Long, Boolean or OffsetDateTime.
   */
  public record Clause(Attribute left, Operator operator, Attribute right, List<Object> values) {}

  /**
   * Parses and checks {@code text}; {@link #NONE} for a blank one.
   *
   * @throws TandemException {@code invalid-where}, saying what is wrong at which character
   */
  public static Where parse(String text, WhereCatalog catalog) {
    if (text == null || text.isBlank()) {
      return NONE;
    }
    List<Clause> clauses = new ArrayList<>();
    for (Condition condition : WhereParser.parse(text).conditions()) {
      clauses.add(clause(condition, catalog));
    }
    return new Where(List.copyOf(clauses));
  }

  public boolean isNone() {
    return clauses.isEmpty();
  }

  private static Clause clause(Condition condition, WhereCatalog catalog) {
    Attribute left = catalog.resolve(condition.attribute());
    Operator operator = condition.operator();
    if (operator == Operator.IS_NULL || operator == Operator.IS_NOT_NULL) {
      return new Clause(left, operator, null, List.of());
    }
    int position = condition.attribute().position();
    if ((operator == Operator.LIKE || operator == Operator.ILIKE) && left.type() != WhereCatalog.Type.STRING) {
      throw invalid(position, operator.text() + " needs a string attribute; " + named(left) + " is not one");
    }
    if (left.type() == WhereCatalog.Type.BOOLEAN && operator != Operator.EQ && operator != Operator.NE) {
      throw invalid(position, named(left) + " can only be compared with = or !=");
    }
    if (condition.operand() instanceof AttributeRef reference) {
      Attribute right = catalog.resolve(reference);
      if (right.type() != left.type()) {
        throw invalid(reference.position(), named(left) + " and " + named(right) + " have different types");
      }
      return new Clause(left, operator, right, List.of());
    }
    List<Literal> literals = condition.operand() instanceof ListOf list ? list.values()
        : List.of((Literal) condition.operand());
    List<Object> values = new ArrayList<>();
    for (Literal literal : literals) {
      values.add(value(left, literal));
    }
    return new Clause(left, operator, null, List.copyOf(values));
  }

  /** The literal as the attribute's type, or 400 saying what was expected. */
  private static Object value(Attribute attribute, Literal literal) {
    Object value = literal.value();
    String name = named(attribute);
    switch (attribute.type()) {
      case STRING -> {
        if (!(value instanceof String text)) {
          throw invalid(literal.position(), name + " is a string; quote the value ('...')");
        }
        if (!attribute.allowed().isEmpty() && !attribute.allowed().contains(text)) {
          throw invalid(literal.position(), name + " is one of " + attribute.allowed() + ", not '" + text + "'");
        }
        return text;
      }
      case INTEGER -> {
        if (!(value instanceof Long number)) {
          throw invalid(literal.position(), name + " is an integer");
        }
        return number;
      }
      case BOOLEAN -> {
        if (!(value instanceof Boolean flag)) {
          throw invalid(literal.position(), name + " is true or false");
        }
        return flag;
      }
      case TIMESTAMP -> {
        try {
          return OffsetDateTime.parse(String.valueOf(value));
        } catch (DateTimeParseException e) {
          throw invalid(literal.position(), name + " is a time; write it as '2026-11-30T12:00:00Z'");
        }
      }
      default -> throw new IllegalStateException(attribute.type().name());
    }
  }

  /** The attribute as the expression wrote it. */
  private static String named(Attribute attribute) {
    return attribute.isLabel() ? attribute.name() + "." + attribute.labelKey() : attribute.name();
  }

  static TandemException invalid(int position, String problem) {
    return new TandemException(
        ProblemCode.INVALID_WHERE, "Invalid where expression at character " + (position + 1) + ": " + problem + ".");
  }
}
