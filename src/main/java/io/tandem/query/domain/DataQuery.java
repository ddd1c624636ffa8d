package io.tandem.query.domain;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.query.domain.WhereExpression.AttributeRef;
import io.tandem.query.domain.WhereExpression.Condition;
import io.tandem.query.domain.WhereExpression.ListOf;
import io.tandem.query.domain.WhereExpression.Literal;
import io.tandem.query.domain.WhereExpression.Operator;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A filter over the configuration itself, checked: {@code resourceType} ({@code apps/v1/Deployment}) and
 * {@code whereData}, the where language with dotted paths of a resource on the left ({@code spec.replicas < 2},
 * {@code spec.template.spec.containers.*.image LIKE '%:latest'}; {@code *} is every list item, {@code ~1} a dot in a
 * key). A unit matches when one of its resources of that type satisfies every clause, each through at least one value
 * its path reaches.
 *
 * @param resourceType {@code apiVersion/kind}, or null for any
 * @param clauses the conditions on one resource; none for any resource (of the type)
 */
public record DataQuery(String resourceType, List<Clause> clauses) {

  /** No filter. */
  public static final DataQuery NONE = new DataQuery(null, List.of());

  /**
   * {@code path operator values}: one value, several for IN and NOT IN, none for IS [NOT] NULL; the values of one
   * type, String, Long or Boolean.
   *
   * @param path the keys, list indices ({@code 0}) and {@code *} (every item) to follow, keys as written in the
   *     resource (a {@code ~1} of the expression is a dot here, {@code ~0} a tilde)
   */
  public record Clause(List<String> path, Operator operator, List<Object> values) {}

  private static final Pattern RESOURCE_TYPE = Pattern.compile("^([a-z0-9.-]+/)?v[0-9a-z]+/[A-Za-z][A-Za-z0-9]*$");
  private static final Pattern SEGMENT = Pattern.compile("^([A-Za-z0-9_.\\-/~]+|\\*|[0-9]+)$");

  /**
   * Checks both parts; {@link #NONE} when both are blank.
   *
   * @throws TandemException {@code invalid-argument} for a resource type that is not {@code apiVersion/kind};
   *     {@code invalid-where} for whereData that does not parse or compares what cannot be compared
   */
  public static DataQuery parse(String resourceType, String whereData) {
    boolean typed = resourceType != null && !resourceType.isBlank();
    boolean filtered = whereData != null && !whereData.isBlank();
    if (!typed && !filtered) {
      return NONE;
    }
    if (typed && !RESOURCE_TYPE.matcher(resourceType).matches()) {
      throw TandemException.invalidArgument(
          "Parameter 'resourceType' must read apiVersion/kind, such as apps/v1/Deployment or v1/Service.");
    }
    List<Clause> clauses = new ArrayList<>();
    if (filtered) {
      for (Condition condition : WhereParser.parse(whereData).conditions()) {
        clauses.add(clause(condition));
      }
    }
    return new DataQuery(typed ? resourceType : null, List.copyOf(clauses));
  }

  public boolean isNone() {
    return resourceType == null && clauses.isEmpty();
  }

  /**
   * Whether the filter could compare Secret values: a condition of {@code whereData} on a path under {@code data} or
   * {@code stringData} while {@code resourceType} is blank or {@code v1/Secret}. (A path starts with a key, and a
   * missing key reaches nothing, so the first segment decides.)
   */
  public boolean readsSecretValues() {
    if (resourceType != null && !resourceType.equals("v1/Secret")) {
      return false;
    }
    return clauses.stream().map(clause -> clause.path().get(0))
        .anyMatch(first -> first.equals("data") || first.equals("stringData"));
  }

  private static Clause clause(Condition condition) {
    List<String> path = path(condition.attribute());
    Operator operator = condition.operator();
    if (operator == Operator.IS_NULL || operator == Operator.IS_NOT_NULL) {
      return new Clause(path, operator, List.of());
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
    if (first instanceof Long && (operator == Operator.LIKE || operator == Operator.ILIKE)) {
      throw invalid(literals.get(0).position(), operator.text() + " needs a 'string' value");
    }
    if (first instanceof Boolean && operator != Operator.EQ && operator != Operator.NE) {
      throw invalid(literals.get(0).position(), "true and false can only be compared with = or !=");
    }
    return new Clause(path, operator, literals.stream().map(Literal::value).toList());
  }

  /** {@code spec.template.spec.containers.*.image} as its segments, {@code ~1} and {@code ~0} read. */
  private static List<String> path(AttributeRef reference) {
    List<String> path = new ArrayList<>();
    for (String segment : reference.name().split("\\.", -1)) {
      if (!SEGMENT.matcher(segment).matches()) {
        throw invalid(reference.position(), "'" + reference.name() + "' is not a path of dotted keys, indices and *");
      }
      path.add(segment.replace("~1", ".").replace("~0", "~"));
    }
    return List.copyOf(path);
  }

  private static TandemException invalid(int position, String problem) {
    return new TandemException(
        ProblemCode.INVALID_WHERE, "Invalid whereData at character " + (position + 1) + ": " + problem + ".");
  }
}
