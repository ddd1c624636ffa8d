package io.tandem.unit.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.query.domain.DataQuery;
import io.tandem.query.domain.Where;
import io.tandem.query.domain.WhereCatalog;
import io.tandem.query.domain.WhereParser;
import io.tandem.query.persistence.DataQuerySql;
import io.tandem.query.persistence.WhereSql;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The where language on units, as the unit store runs it: checked against {@link WhereCatalog#UNITS} and translated
 * over {@link UnitColumns}; mistakes are {@code invalid-where} and say where.
 */
class UnitColumnsTest {

  static WhereSql units(String where) {
    return WhereSql.of(Where.parse(where, WhereCatalog.UNITS), UnitColumns.UNITS);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "Slug = 'web'                  | (u.slug = :w0)",
        "Slug != 'web'                 | (u.slug <> :w0)",
        "Slug <> 'web'                 | (u.slug <> :w0)",
        "HeadRevisionNum < 3           | (u.head_revision_num < :w0)",
        "HeadRevisionNum > 3           | (u.head_revision_num > :w0)",
        "HeadRevisionNum <= 3          | (u.head_revision_num <= :w0)",
        "HeadRevisionNum >= 3          | (u.head_revision_num >= :w0)",
        "DisplayName LIKE 'Pay%'       | (u.display_name like :w0)",
        "DisplayName ilike 'pay%'      | (u.display_name ilike :w0)",
        "Slug IN ('a', 'b')            | (u.slug in (:w0, :w1))",
        "Slug NOT IN ('a')             | (u.slug not in (:w0))",
        "Target IS NULL                | (u.target is null)",
        "Target is not null            | (u.target is not null)",
        "HeadRevisionNum > LiveRevisionNum | (u.head_revision_num > u.live_revision_num)",
        "Space.Slug = 'prod'           | (s.slug = :w0)",
        "Slug = 'a' AND DriftMode = 'Report' and HeadRevisionNum >= 1 | (u.slug = :w0 and u.drift_mode = :w1 and u.head_revision_num >= :w2)",
      })
  void everyOperatorBecomesParameterisedSql(String where, String sql) {
    assertThat(units(where).sql()).isEqualTo(sql.trim());
  }

  @Test
  void valuesAndLabelKeysAreParametersNeverSql() {
    WhereSql sql = units("Labels.tier = 'x''; drop table unit; --' AND Space.Labels.env != 'prod' AND HeadRevisionNum = -1");

    assertThat(sql.sql())
        .isEqualTo("(u.labels @> jsonb_build_object(cast(:w0 as text), cast(:w1 as text))"
            + " and s.labels ->> :w2 <> :w3 and u.head_revision_num = :w4)")
        .doesNotContain("drop").doesNotContain("tier").doesNotContain("prod");
    assertThat(sql.parameters())
        .isEqualTo(Map.of("w0", "tier", "w1", "x'; drop table unit; --", "w2", "env", "w3", "prod", "w4", -1L));
  }

  @Test
  void timesAreParsedAsRfc3339() {
    WhereSql sql = units("CreatedAt >= '2026-11-30T12:00:00Z'");

    assertThat(sql.parameters().get("w0")).isEqualTo(OffsetDateTime.parse("2026-11-30T12:00:00Z"));
  }

  @Test
  void blankWhereIsNoFilter() {
    assertThat(units(null)).isSameAs(WhereSql.NONE);
    assertThat(units("  ")).isSameAs(WhereSql.NONE);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "Sluggish = 'a'                | 1  | unknown attribute 'Sluggish'; units have Slug",
        "Slug = 3                      | 8  | Slug is a string",
        "HeadRevisionNum = 'three'     | 19 | HeadRevisionNum is an integer",
        "Drift = 'Sideways'            | 9  | Drift is one of [None, Drifted, Unknown]",
        "HeadRevisionNum LIKE '1%'     | 1  | LIKE needs a string attribute",
        "Slug = HeadRevisionNum        | 8  | different types",
        "CreatedAt > 'yesterday'       | 13 | write it as",
        "Labels.bad key = 'x'          | 12 | expected an operator",
        "Labels.-x = 'y'               | 1  | is not a label key",
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
  void mistakesAreInvalidWhereAndSayWhere(String where, int character, String message) {
    assertInvalid(() -> units(where), character, message.trim());
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "   "})
  void anEmptyExpressionGivenToTheParserIsInvalid(String where) {
    assertThatThrownBy(() -> WhereParser.parse(where))
        .isInstanceOfSatisfying(TandemException.class, e -> assertThat(e.code()).isEqualTo(ProblemCode.INVALID_WHERE));
  }

  @Test
  void veryLongInputIsRefused() {
    assertThatThrownBy(() -> units("Slug = '" + "x".repeat(5000) + "'"))
        .isInstanceOfSatisfying(TandemException.class, e -> assertThat(e.getMessage()).contains("longer than"));
  }

  /** Random and hostile input gives a filter or an invalid-where error, never anything else. */
  @Test
  void randomInputNeverFailsOtherwise() {
    Random random = new Random(42);
    String[] pieces = {"Slug", "Labels.a", "Space.Labels.b", "HeadRevisionNum", "LiveRevisionNum", "CreatedAt", "Drift",
        " = ", " != ", " < ", " >= ", " LIKE ", " ILIKE ", " IN ", " NOT IN ", " IS ", " NOT ", " NULL ", " AND ", " OR ",
        "'", "''", "'a'", "'%'", "(", ")", ",", "1", "-", "99999999999999999999", "true", "false", ";", "--", "/*",
        "\\", "\"", "é", "😀", "\u0000", "\n", "$1", ":w0", "?", "drop table unit", "'2026-11-30T00:00:00Z'"};
    for (int i = 0; i < 20_000; i++) {
      StringBuilder where = new StringBuilder();
      int length = 1 + random.nextInt(12);
      for (int j = 0; j < length; j++) {
        where.append(pieces[random.nextInt(pieces.length)]);
      }
      try {
        WhereSql sql = units(where.toString());
        // what the user wrote is never SQL text; the only literal is the Drift column's own default
        assertThat(sql.sql().replace("'None')", ")")).doesNotContain("'").doesNotContain(";");
      } catch (TandemException e) {
        assertThat(e.code()).as(where.toString()).isEqualTo(ProblemCode.INVALID_WHERE);
      }
    }
  }

  @Test
  void dataFiltersBecomeJsonPathParameters() {
    WhereSql sql = data("apps/v1/Deployment", "spec.template.spec.containers.*.image LIKE '%:latest' AND metadata.labels.a~1b = 'x'");

    assertThat(sql.parameters())
        .containsEntry("d0", "apps/v1/Deployment")
        .containsEntry("d1", "$.\"spec\".\"template\".\"spec\".\"containers\"[*].\"image\"")
        .containsEntry("d2", "%:latest")
        .containsEntry("d3", "$.\"metadata\".\"labels\".\"a.b\"");
    assertThat(sql.sql()).doesNotContain("latest").doesNotContain("containers").contains("cast(:d1 as jsonpath)");
    assertThat(data(null, null)).isSameAs(WhereSql.NONE);
  }

  @Test
  void dataFilterMistakesAreClear() {
    assertThatThrownBy(() -> data("Deployment", null))
        .isInstanceOfSatisfying(TandemException.class, e -> assertThat(e.code()).isEqualTo(ProblemCode.INVALID_ARGUMENT));
    assertInvalid(() -> data(null, "spec.replicas < spec.minReadySeconds"), 1, "not with other paths");
    assertInvalid(() -> data(null, "spec.replicas LIKE 1"), 20, "needs a 'string' value");
    assertInvalid(() -> data(null, "spec.paused < true"), 15, "only be compared with = or !=");
    assertInvalid(() -> data(null, "spec.replicas IN (1, 'a')"), 22, "one type");
  }

  private static WhereSql data(String resourceType, String whereData) {
    return DataQuerySql.of(DataQuery.parse(resourceType, whereData), "u.head_objects");
  }

  static void assertInvalid(Runnable call, int character, String message) {
    assertThatThrownBy(call::run)
        .isInstanceOfSatisfying(TandemException.class, e -> {
          assertThat(e.code()).isEqualTo(ProblemCode.INVALID_WHERE);
          assertThat(e.getMessage()).contains(" at character " + character + ":").contains(message);
        });
  }
}
