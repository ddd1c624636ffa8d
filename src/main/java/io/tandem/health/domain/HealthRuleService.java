package io.tandem.health.domain;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.springframework.stereotype.Service;

/** Sets and removes health rules, the server's ({@code space} {@code null}) and a space's. */
@Service
public class HealthRuleService {

  private static final int MAX_EXPRESSION = 4096;

  private final HealthRuleStore store;
  private final HealthRules rules;
  private final Clock clock;

  public HealthRuleService(HealthRuleStore store, HealthRules rules, Clock clock) {
    this.store = store;
    this.rules = rules;
    this.clock = clock;
  }

  /**
   * Sets the rule for the kind in the space ({@code null}: the server's), replacing one there.
   *
   * @throws TandemException {@code validation-failed} for a kind that is not one, or an expression that is missing,
   *     too long or does not compile (with the compiler's message); {@code not-found} for a space that does not exist
   */
  public HealthRule put(String space, String kindName, String healthy, String degraded, String reason, String author) {
    HealthRule.Kind kind = HealthRule.Kind.parse(kindName);
    if (healthy == null || healthy.isBlank()) {
      throw TandemException.validation("Field 'healthy' is required: a CEL expression over 'object' that is true once"
          + " an object of the kind is healthy.");
    }
    HealthRule rule = new HealthRule(space, kind.group(), kind.kind(), healthy, blankless(degraded), blankless(reason),
        space == null ? "server" : "space", clock.instant().truncatedTo(ChronoUnit.MICROS), author);
    compile("healthy", rule.healthy());
    compile("degraded", rule.degraded());
    compile("reason", rule.reason());
    if (!store.put(rule)) {
      throw new TandemException(ProblemCode.NOT_FOUND, "Space '" + space + "' does not exist.");
    }
    rules.changed();
    return rule;
  }

  /**
   * Removes the space's rule for the kind ({@code null}: the server's).
   *
   * @throws TandemException {@code not-found} when there is no such rule
   */
  public void delete(String space, String kindName) {
    HealthRule.Kind kind = HealthRule.Kind.parse(kindName);
    if (!store.delete(space, kind)) {
      throw new TandemException(ProblemCode.NOT_FOUND, (space == null ? "The server has" : "Space '" + space + "' has")
          + " no health rule of " + HealthRule.kindName(kind.group(), kind.kind()) + ".");
    }
    rules.changed();
  }

  /** The rules that hold in the space ({@code null}: the server's and the library's), the space's first. */
  public List<HealthRule> list(String space) {
    return rules.effective(space);
  }

  private static void compile(String field, String expression) {
    if (expression == null) {
      return;
    }
    if (expression.length() > MAX_EXPRESSION) {
      throw TandemException.validation("Field '" + field + "' is longer than " + MAX_EXPRESSION + " characters.");
    }
    try {
      io.tandem.common.cel.CelExpression.compile(HealthRules.VARIABLE, expression);
    } catch (IllegalArgumentException e) {
      throw TandemException.validation("Field '" + field + "' is not a CEL expression over 'object': " + e.getMessage());
    }
  }

  private static String blankless(String text) {
    return text == null || text.isBlank() ? null : text;
  }
}
