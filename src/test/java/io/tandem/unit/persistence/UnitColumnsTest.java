package io.tandem.unit.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.query.domain.DataQuery;
import io.tandem.query.domain.Where;
import io.tandem.query.domain.WhereCatalog;
import io.tandem.query.persistence.WhereSql;
import io.tandem.unit.domain.UnitFilter;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The where language on units as the unit store runs it: checked against {@link WhereCatalog#UNITS} and translated
 * over {@link UnitColumns}, in queries over {@code unit u join space s}. (Mistakes are the domain's: see
 * {@code WhereTest}.)
 */
class UnitColumnsTest {

  static WhereSql units(String where) {
    return UnitColumns.sql(new UnitFilter.Checked(Where.parse(where, WhereCatalog.UNITS), DataQuery.NONE));
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
        "Suspended = true              | ((u.suspended_at is not null or s.suspended_at is not null) = :w0)",
        "ApplyMode = 'Continuous'      | (coalesce(u.apply_mode, s.apply_mode) = :w0)",
        "Slug = 'a' AND DriftMode = 'Report' and HeadRevisionNum >= 1 | (u.slug = :w0 and u.drift_mode = :w1 and u.head_revision_num >= :w2)",
      })
  void everyOperatorBecomesParameterisedSql(String where, String sql) {
    assertThat(units(where).sql()).isEqualTo(sql.trim());
  }

  /** What other features record about a unit is read from their tables, keyed by the unit. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "Health = 'Healthy'   | ((select h.status from unit_health h where h.unit_id = u.id) = :w0)",
        "Drift = 'Drifted'    | (coalesce((select d.drift from unit_drift d where d.unit_id = u.id), 'None') = :w0)",
        "ChangeSet = 'cs'     | ((select c.slug from change_set_unit m join change_set c on c.id = m.change_set_id"
            + " where m.unit_id = u.id) = :w0)",
        "ApprovalCount > 1    | ((select count(*) from approval a where a.unit_id = u.id and a.revision_num ="
            + " u.head_revision_num) > :w0)",
      })
  void attributesOfOtherFeaturesReadTheirTables(String where, String sql) {
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
  void whereAndWhereDataHoldTogetherOverTheHeadObjects() {
    WhereSql sql = UnitColumns.sql(new UnitFilter.Checked(Where.parse("Slug = 'a'", WhereCatalog.UNITS),
        DataQuery.parse("v1/Service", null)));

    assertThat(sql.sql()).isEqualTo("(u.slug = :w0) and (exists (select 1 from jsonb_array_elements(coalesce("
        + "u.head_objects, '[]'::jsonb)) o where (o ->> 'apiVersion') || '/' || (o ->> 'kind') = :d0))");
    assertThat(sql.parameters()).isEqualTo(Map.of("w0", "a", "d0", "v1/Service"));
    assertThat(UnitColumns.sql(UnitFilter.Checked.ALL)).isSameAs(WhereSql.NONE);
  }

  /** Random and hostile input gives a filter or an invalid-where error, and what the user wrote is never SQL text. */
  @Test
  void randomInputNeverBecomesSqlText() {
    Random random = new Random(42);
    String[] pieces = {"Slug", "Labels.a", "Space.Labels.b", "HeadRevisionNum", "LiveRevisionNum", "CreatedAt", "Drift",
        " = ", " != ", " < ", " >= ", " LIKE ", " ILIKE ", " IN ", " NOT IN ", " IS ", " NOT ", " NULL ", " AND ", " OR ",
        "'", "''", "'a'", "'%'", "(", ")", ",", "1", "-", "99999999999999999999", "true", "false", ";", "--", "/*",
        "\\", "\"", "é", "😀", "\u0000", "\n", "$1", ":w0", "?", "drop table unit", "'2026-11-30T00:00:00Z'"};
    int translated = 0;
    for (int i = 0; i < 20_000; i++) {
      StringBuilder where = new StringBuilder();
      int length = 1 + random.nextInt(12);
      for (int j = 0; j < length; j++) {
        where.append(pieces[random.nextInt(pieces.length)]);
      }
      try {
        WhereSql sql = units(where.toString());
        // the only literal is the Drift column's own default
        assertThat(sql.sql().replace("'None')", ")")).doesNotContain("'").doesNotContain(";");
        translated++;
      } catch (TandemException e) {
        assertThat(e.code()).as(where.toString()).isEqualTo(ProblemCode.INVALID_WHERE);
      }
    }
    assertThat(translated).as("some random input is valid").isPositive();
  }
}
