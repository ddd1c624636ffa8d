package io.tandem.query.domain;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.query.domain.WhereExpression.AttributeRef;
import io.tandem.query.domain.WhereExpression.Condition;
import io.tandem.query.domain.WhereExpression.ListOf;
import io.tandem.query.domain.WhereExpression.Literal;
import io.tandem.query.domain.WhereExpression.Operand;
import io.tandem.query.domain.WhereExpression.Operator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Parses the where language: {@code cond (AND cond)*}, where {@code cond} is {@code attr op value} or {@code attr IS
 * [NOT] NULL}; {@code op} is one of {@code = != < > <= >= LIKE ILIKE IN NOT IN}; a value is a 'single-quoted string'
 * ({@code ''} for a quote), an integer, {@code true}/{@code false}, a parenthesised list of those, or another
 * attribute. Keywords are case-insensitive. Errors say what was expected at which character (1-based).
 */
public final class WhereParser {

  public static final int MAX_LENGTH = 4096;
  private static final int MAX_CONDITIONS = 50;
  private static final int MAX_LIST = 1000;

  private final String text;
  private int position;

  private WhereParser(String text) {
    this.text = text;
  }

  /**
   * Parses a where expression.
   *
   * @throws TandemException {@code invalid-where} saying what was expected where
   */
  public static WhereExpression parse(String text) {
    if (text == null || text.isBlank()) {
      throw new TandemException(ProblemCode.INVALID_WHERE, "The where expression is empty.");
    }
    if (text.length() > MAX_LENGTH) {
      throw new TandemException(
          ProblemCode.INVALID_WHERE, "The where expression is longer than " + MAX_LENGTH + " characters.");
    }
    return new WhereParser(text).expression();
  }

  private WhereExpression expression() {
    List<Condition> conditions = new ArrayList<>();
    conditions.add(condition());
    while (true) {
      skipSpaces();
      if (atEnd()) {
        return new WhereExpression(List.copyOf(conditions));
      }
      if (!keyword("AND")) {
        throw error("AND or the end of the expression");
      }
      if (conditions.size() == MAX_CONDITIONS) {
        throw new TandemException(ProblemCode.INVALID_WHERE, "At most " + MAX_CONDITIONS + " conditions are allowed.");
      }
      conditions.add(condition());
    }
  }

  private Condition condition() {
    skipSpaces();
    AttributeRef attribute = attribute();
    if (attribute == null) {
      throw error("an attribute name");
    }
    skipSpaces();
    if (keyword("IS")) {
      boolean not = keyword("NOT");
      if (!keyword("NULL")) {
        throw error(not ? "NULL" : "NULL or NOT NULL");
      }
      return new Condition(attribute, not ? Operator.IS_NOT_NULL : Operator.IS_NULL, null);
    }
    Operator operator = operator();
    skipSpaces();
    Operand operand =
        operator == Operator.IN || operator == Operator.NOT_IN ? list() : value();
    return new Condition(attribute, operator, operand);
  }

  private Operator operator() {
    for (String symbol : List.of("!=", "<=", ">=", "<>", "=", "<", ">")) {
      if (text.startsWith(symbol, position)) {
        position += symbol.length();
        return switch (symbol) {
          case "!=", "<>" -> Operator.NE;
          case "<=" -> Operator.LE;
          case ">=" -> Operator.GE;
          case "=" -> Operator.EQ;
          case "<" -> Operator.LT;
          default -> Operator.GT;
        };
      }
    }
    if (keyword("LIKE")) {
      return Operator.LIKE;
    }
    if (keyword("ILIKE")) {
      return Operator.ILIKE;
    }
    if (keyword("IN")) {
      return Operator.IN;
    }
    int start = position;
    if (keyword("NOT")) {
      if (keyword("IN")) {
        return Operator.NOT_IN;
      }
      position = start;
    }
    throw error("an operator (= != < > <= >= LIKE ILIKE IN NOT IN IS)");
  }

  private ListOf list() {
    int start = position;
    if (!consume('(')) {
      throw error("'(' to start a list");
    }
    List<Literal> values = new ArrayList<>();
    skipSpaces();
    if (consume(')')) {
      throw error("at least one value in the list", start + 1);
    }
    while (true) {
      skipSpaces();
      Operand value = value();
      if (!(value instanceof Literal literal)) {
        throw error("a string, an integer, true or false", ((AttributeRef) value).position());
      }
      if (values.size() == MAX_LIST) {
        throw new TandemException(ProblemCode.INVALID_WHERE, "A list may hold at most " + MAX_LIST + " values.");
      }
      values.add(literal);
      skipSpaces();
      if (consume(')')) {
        return new ListOf(List.copyOf(values), start);
      }
      if (!consume(',')) {
        throw error("',' or ')'");
      }
    }
  }

  private Operand value() {
    int start = position;
    if (atEnd()) {
      throw error("a value");
    }
    char c = text.charAt(position);
    if (c == '\'') {
      return new Literal(string(), start);
    }
    if (c == '-' || Character.isDigit(c)) {
      int end = position + 1;
      while (end < text.length() && Character.isDigit(text.charAt(end))) {
        end++;
      }
      String digits = text.substring(position, end);
      try {
        long number = Long.parseLong(digits);
        position = end;
        return new Literal(number, start);
      } catch (NumberFormatException e) {
        throw error("an integer", start);
      }
    }
    if (keyword("TRUE")) {
      return new Literal(true, start);
    }
    if (keyword("FALSE")) {
      return new Literal(false, start);
    }
    AttributeRef attribute = attribute();
    if (attribute != null) {
      return attribute;
    }
    throw error("a value: a 'quoted string', an integer, true, false or an attribute");
  }

  private String string() {
    int start = position;
    position++; // the opening quote
    StringBuilder value = new StringBuilder();
    while (position < text.length()) {
      char c = text.charAt(position++);
      if (c == '\'') {
        if (position < text.length() && text.charAt(position) == '\'') {
          value.append('\'');
          position++;
        } else {
          return value.toString();
        }
      } else {
        value.append(c);
      }
    }
    throw error("the closing quote of the string that starts", start);
  }

  /** An attribute: PascalCase names joined by dots; a label key after {@code Labels.} may hold {@code -_./}. */
  private AttributeRef attribute() {
    int start = position;
    if (atEnd() || !Character.isLetter(text.charAt(position))) {
      return null;
    }
    while (position < text.length()) {
      char c = text.charAt(position);
      if (Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '-' || c == '/' || c == '*' || c == '~') {
        position++;
      } else {
        break;
      }
    }
    String name = text.substring(start, position);
    if (isKeyword(name)) {
      position = start;
      return null;
    }
    return new AttributeRef(name, start);
  }

  private static boolean isKeyword(String word) {
    return List.of("AND", "IS", "NOT", "NULL", "LIKE", "ILIKE", "IN", "TRUE", "FALSE")
        .contains(word.toUpperCase(Locale.ROOT));
  }

  private boolean keyword(String word) {
    skipSpaces();
    int end = position + word.length();
    if (end <= text.length() && text.regionMatches(true, position, word, 0, word.length())
        && (end == text.length() || !isWordCharacter(text.charAt(end)))) {
      position = end;
      skipSpaces();
      return true;
    }
    return false;
  }

  private static boolean isWordCharacter(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '.';
  }

  private boolean consume(char c) {
    if (!atEnd() && text.charAt(position) == c) {
      position++;
      return true;
    }
    return false;
  }

  private void skipSpaces() {
    while (!atEnd() && Character.isWhitespace(text.charAt(position))) {
      position++;
    }
  }

  private boolean atEnd() {
    return position >= text.length();
  }

  private TandemException error(String expected) {
    return error(expected, position);
  }

  private TandemException error(String expected, int at) {
    String found = at >= text.length() ? "the end of the expression" : "'" + excerpt(at) + "'";
    return new TandemException(
        ProblemCode.INVALID_WHERE,
        "Invalid where expression at character " + (at + 1) + ": expected " + expected + ", found " + found + ".");
  }

  private String excerpt(int at) {
    String rest = text.substring(at);
    return rest.length() > 20 ? rest.substring(0, 20) + "…" : rest;
  }
}
