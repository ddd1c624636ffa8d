package io.tandem.query.domain;

import java.util.List;

/**
 * A parsed where expression: conditions that must all hold, as written. Built by {@link WhereParser}; checked against
 * a catalog of attributes by {@link Where}.
 */
public record WhereExpression(List<Condition> conditions) {

  /** A side of a comparison: a literal, a list of literals, or another attribute. */
  public sealed interface Operand permits Literal, ListOf, AttributeRef {}

  /** A string ({@code 'x'}), an integer, or {@code true}/{@code false}; {@code position} is its first character. */
  public record Literal(Object value, int position) implements Operand {}

  public record ListOf(List<Literal> values, int position) implements Operand {}

  /** {@code Slug}, {@code Labels.tier}, {@code Space.Labels.env} … as written. */
  public record AttributeRef(String name, int position) implements Operand {}

  public enum Operator {
    EQ("="),
    NE("!="),
    LT("<"),
    GT(">"),
    LE("<="),
    GE(">="),
    LIKE("LIKE"),
    ILIKE("ILIKE"),
    IN("IN"),
    NOT_IN("NOT IN"),
    IS_NULL("IS NULL"),
    IS_NOT_NULL("IS NOT NULL");

    private final String text;

    Operator(String text) {
      this.text = text;
    }

    public String text() {
      return text;
    }
  }

  /** {@code attribute operator operand}; the operand is {@code null} for IS [NOT] NULL. */
  public record Condition(AttributeRef attribute, Operator operator, Operand operand) {}
}
