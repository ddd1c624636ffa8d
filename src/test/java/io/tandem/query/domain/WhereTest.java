package io.tandem.query.domain;

import static io.tandem.query.domain.InvalidWhere.assertInvalid;
import static io.tandem.query.domain.InvalidWhere.assertInvalidAt;
import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.query.domain.WhereCatalog.Attribute;
import io.tandem.query.domain.WhereCatalog.Type;
import io.tandem.query.domain.WhereExpression.Operator;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An expression checked against a catalog, with no database: what a valid one carries (catalog attributes, values of
 * their types), and every mistake of names, types and values as the {@code invalid-where} the API answers.
 */
class WhereTest {

  private static Where units(String text) {
    return Where.parse(text, WhereCatalog.UNITS);
  }

  @Test
  void valuesTakeTheirAttributesTypes() {
    Where where = units("HeadRevisionNum >= 3 AND CreatedAt < '2026-11-30T12:00:00+01:00' AND Suspended = false"
        + " AND Drift IN ('None', 'Drifted')");

    assertThat(where.clauses()).extracting(clause -> clause.left().name())
        .containsExactly("HeadRevisionNum", "CreatedAt", "Suspended", "Drift");
    assertThat(where.clauses()).extracting(Where.Clause::operator)
        .containsExactly(Operator.GE, Operator.LT, Operator.EQ, Operator.IN);
    assertThat(where.clauses()).extracting(Where.Clause::values).containsExactly(
        List.of(3L), List.of(OffsetDateTime.parse("2026-11-30T12:00:00+01:00")), List.of(false),
        List.of("None", "Drifted"));
  }

  @Test
  void labelsAreStringsThatNameTheirKey() {
    Where where = units("Labels.app.kubernetes.io/part-of = 'shop' AND Space.Labels.env IS NULL");

    assertThat(where.clauses().get(0).left())
        .isEqualTo(new Attribute(WhereCatalog.LABELS, Type.STRING, List.of(), "app.kubernetes.io/part-of"));
    assertThat(where.clauses().get(1))
        .isEqualTo(new Where.Clause(new Attribute(WhereCatalog.SPACE_LABELS, Type.STRING, List.of(), "env"),
            Operator.IS_NULL, null, List.of()));
  }

  @Test
  void anAttributeMayBeComparedWithAnotherOfItsType() {
    Where.Clause clause = units("HeadRevisionNum > LiveRevisionNum").clauses().get(0);

    assertThat(clause.right().name()).isEqualTo("LiveRevisionNum");
    assertThat(clause.values()).isEmpty();
    assertThat(units("Labels.tier = Space.Labels.tier").clauses().get(0).right().labelKey()).isEqualTo("tier");
  }

  @Test
  void blankIsNoFilter() {
    assertThat(units(null)).isSameAs(Where.NONE);
    assertThat(units("  ")).isSameAs(Where.NONE);
    assertThat(Where.NONE.isNone()).isTrue();
    assertThat(units("Slug = 'a'").isNone()).isFalse();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "Sluggish = 'a'                | 1  | unknown attribute 'Sluggish'; units have Slug",
        "Slug = 3                      | 8  | Slug is a string; quote the value ('...')",
        "Labels.tier = 3               | 15 | Labels.tier is a string",
        "HeadRevisionNum = 'three'     | 19 | HeadRevisionNum is an integer",
        "Suspended = 'yes'             | 13 | Suspended is true or false",
        "Suspended < true              | 1  | Suspended can only be compared with = or !=",
        "Drift = 'Sideways'            | 9  | Drift is one of [None, Drifted, Unknown], not 'Sideways'",
        "Health IN ('Healthy', 'Fine') | 23 | Health is one of [Healthy, Progressing, Degraded, Missing, Unknown]",
        "HeadRevisionNum LIKE '1%'     | 1  | LIKE needs a string attribute; HeadRevisionNum is not one",
        "CreatedAt ILIKE '2026%'       | 1  | ILIKE needs a string attribute; CreatedAt is not one",
        "Slug = HeadRevisionNum        | 8  | Slug and HeadRevisionNum have different types",
        "Labels.a = ApprovalCount      | 12 | Labels.a and ApprovalCount have different types",
        "CreatedAt > 'yesterday'       | 13 | CreatedAt is a time; write it as '2026-11-30T12:00:00Z'",
        "UpdatedAt > 1                 | 13 | UpdatedAt is a time",
        "Labels.-x = 'y'               | 1  | '-x' is not a label key",
        "Space.Labels.x. = 'y'         | 1  | 'x.' is not a label key",
        "Slug = 'a' AND Nope IS NULL   | 16 | unknown attribute 'Nope'",
        "Slug = Nope                   | 8  | unknown attribute 'Nope'",
      })
  void mistakesAreInvalidWhereAndSayWhere(String text, int character, String problem) {
    assertInvalidAt(() -> units(text), character, problem.trim());
  }

  @Test
  void anUnknownAttributeIsAnsweredWithTheNamesEachCatalogKnows() {
    assertInvalid(() -> units("Tier = 'x'"), "Invalid where expression at character 1: unknown attribute 'Tier'; units"
        + " have Slug, DisplayName, Target, DriftMode, Drift, Health, Suspended, ApplyMode, HeadRevisionNum,"
        + " LiveRevisionNum, LastAppliedRevisionNum, PreviousLiveRevisionNum, CreatedAt, UpdatedAt, Space.Slug,"
        + " ApplyGated, ApprovalCount, ChangeSet, UpgradeNeeded, Labels.<key>, Space.Labels.<key>.");
    assertInvalid(() -> Where.parse("HeadRevisionNum > 1", WhereCatalog.SPACES), "Invalid where expression at"
        + " character 1: unknown attribute 'HeadRevisionNum'; spaces have Slug, DisplayName, Suspended, ApplyMode,"
        + " FourEyes, DestroyGate, CreatedAt, Labels.<key>.");
    assertInvalid(() -> Where.parse("Status = 200 AND Code = 1", WhereCatalog.AUDIT), "Invalid where expression at"
        + " character 18: unknown attribute 'Code'; audit entries have Subject, Method, Path, Status, Space, Operation, At.");
  }

  /** Spaces have labels of their own but no space above them; audit entries have no labels at all. */
  @Test
  void labelAttributesExistOnlyWhereTheEntityHasThem() {
    assertThat(Where.parse("Labels.team = 'a'", WhereCatalog.SPACES).clauses()).hasSize(1);
    assertInvalidAt(() -> Where.parse("Space.Labels.a = 'b'", WhereCatalog.SPACES), 1,
        "unknown attribute 'Space.Labels.a'");
    assertInvalidAt(() -> Where.parse("Labels.a = 'b'", WhereCatalog.AUDIT), 1, "unknown attribute 'Labels.a'");
    assertInvalidAt(() -> Where.parse("Method = 'GET'", WhereCatalog.AUDIT), 10,
        "Method is one of [POST, PUT, PATCH, DELETE], not 'GET'");
  }

  /** Random and hostile input is a checked filter or an invalid-where problem, never anything else. */
  @Test
  void randomInputIsAFilterOfCatalogAttributesOrInvalidWhere() {
    Random random = new Random(42);
    String[] pieces = {"Slug", "Labels.a", "Space.Labels.b", "HeadRevisionNum", "LiveRevisionNum", "CreatedAt", "Drift",
        "Suspended", " = ", " != ", " < ", " >= ", " LIKE ", " ILIKE ", " IN ", " NOT IN ", " IS ", " NOT ", " NULL ",
        " AND ", " OR ", "'", "''", "'a'", "'None'", "(", ")", ",", "1", "-", "99999999999999999999", "true", "false",
        ";", "--", "\\", "é", "😀", "\u0000", "\n", ":w0", "'2026-11-30T00:00:00Z'"};
    int valid = 0;
    for (int i = 0; i < 20_000; i++) {
      StringBuilder text = new StringBuilder();
      int length = 1 + random.nextInt(12);
      for (int j = 0; j < length; j++) {
        text.append(pieces[random.nextInt(pieces.length)]);
      }
      try {
        for (Where.Clause clause : units(text.toString()).clauses()) {
          assertThat(clause.left().isLabel() || WhereCatalog.UNITS.names().contains(clause.left().name()))
              .as(text.toString()).isTrue();
          valid++;
        }
      } catch (TandemException e) {
        assertThat(e.code()).as(text.toString()).isEqualTo(ProblemCode.INVALID_WHERE);
      }
    }
    assertThat(valid).as("some random input is valid").isPositive();
  }
}
