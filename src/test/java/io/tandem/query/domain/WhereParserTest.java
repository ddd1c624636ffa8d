package io.tandem.query.domain;

import static io.tandem.query.domain.InvalidWhere.assertInvalid;
import static io.tandem.query.domain.InvalidWhere.assertInvalidAt;
import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.query.domain.WhereExpression.AttributeRef;
import io.tandem.query.domain.WhereExpression.Condition;
import io.tandem.query.domain.WhereExpression.ListOf;
import io.tandem.query.domain.WhereExpression.Literal;
import io.tandem.query.domain.WhereExpression.Operator;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The grammar alone: what an expression parses to, as written, and where a malformed one goes wrong. */
class WhereParserTest {

  @Test
  void conditionsParseAsWrittenWithTheCharacterEachSideStartsAt() {
    WhereExpression expression =
        WhereParser.parse("Slug = 'it''s' and HeadRevisionNum NOT IN (1, -2) AND Target is not null");

    assertThat(expression.conditions()).containsExactly(
        new Condition(new AttributeRef("Slug", 0), Operator.EQ, new Literal("it's", 7)),
        new Condition(new AttributeRef("HeadRevisionNum", 19), Operator.NOT_IN,
            new ListOf(List.of(new Literal(1L, 43), new Literal(-2L, 46)), 42)),
        new Condition(new AttributeRef("Target", 54), Operator.IS_NOT_NULL, null));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
    "A = 1 | EQ", "A != 1 | NE", "A <> 1 | NE", "A < 1 | LT", "A > 1 | GT", "A <= 1 | LE", "A >= 1 | GE",
    "A like 1 | LIKE", "A ILike 1 | ILIKE", "A in (1) | IN", "A not in (1) | NOT_IN", "A is null | IS_NULL"})
  void everyOperatorIsRecognisedWhateverItsCase(String text, Operator operator) {
    assertThat(WhereParser.parse(text).conditions()).singleElement()
        .extracting(Condition::operator).isEqualTo(operator);
  }

  /** The grammar knows no catalog: any name parses, and another attribute may stand on the right. */
  @Test
  void namesAreNotCheckedAndTheRightSideMayBeAnAttribute() {
    Condition condition = WhereParser.parse("Labels.app.kubernetes.io/part-of = Whatever.Else").conditions().get(0);

    assertThat(condition.attribute().name()).isEqualTo("Labels.app.kubernetes.io/part-of");
    assertThat(condition.operand()).isEqualTo(new AttributeRef("Whatever.Else", 35));
  }

  @Test
  void trueAndFalseAreBooleansAndQuotedTheyAreStrings() {
    List<Condition> conditions = WhereParser.parse("A = TRUE AND B = false AND C = 'true'").conditions();

    assertThat(conditions).extracting(condition -> ((Literal) condition.operand()).value())
        .containsExactly(Boolean.TRUE, Boolean.FALSE, "true");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "Labels.bad key = 'x'          | 12 | expected an operator",
        "Slug = 'unclosed              | 8  | closing quote",
        "Slug 'a'                      | 6  | expected an operator",
        "Slug =                        | 7  | expected a value",
        "= 'a'                         | 1  | expected an attribute name",
        "Slug = 'a' OR Slug = 'b'      | 12 | expected AND or the end",
        "Slug = 'a' AND                | 15 | expected an attribute name",
        "Slug IN 'a'                   | 9  | '(' to start a list",
        "Slug IN ()                    | 10 | at least one value",
        "Slug IN ('a' 'b')             | 14 | ',' or ')'",
        "Slug IN ('a', Slug)           | 15 | a string, an integer",
        "Target IS 'x'                 | 11 | NULL or NOT NULL",
        "Target IS NOT 'x'             | 15 | expected NULL",
        "HeadRevisionNum > 99999999999999999999 | 19 | expected an integer",
        "Slug = 'a';                   | 11 | expected AND or the end",
      })
  void malformedExpressionsSayWhatWasExpectedWhere(String text, int character, String problem) {
    assertInvalidAt(() -> WhereParser.parse(text), character, problem.trim());
  }

  @Test
  void theProblemQuotesWhatWasFoundShortened() {
    assertInvalid(() -> WhereParser.parse("Slug = 'a' OR Target = 'abcdefghijklmnop'"),
        "Invalid where expression at character 12: expected AND or the end of the expression, found"
            + " 'OR Target = 'abcdefg…'.");
    assertInvalid(() -> WhereParser.parse("Slug ="),
        "Invalid where expression at character 7: expected a value, found the end of the expression.");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "   "})
  void anEmptyExpressionIsInvalid(String text) {
    assertInvalid(() -> WhereParser.parse(text), "The where expression is empty.");
  }

  @Test
  void tooLongTooManyConditionsAndTooLongListsAreRefused() {
    assertInvalid(() -> WhereParser.parse("Slug = '" + "x".repeat(5000) + "'"),
        "The where expression is longer than 4096 characters.");
    assertInvalid(() -> WhereParser.parse(String.join(" AND ", Collections.nCopies(51, "A = 1"))),
        "At most 50 conditions are allowed.");
    assertInvalid(() -> WhereParser.parse("A IN (" + "1,".repeat(1000) + "1)"), "A list may hold at most 1000 values.");
    assertThat(WhereParser.parse(String.join(" AND ", Collections.nCopies(50, "A = 1"))).conditions())
        .hasSize(50);
  }
}
