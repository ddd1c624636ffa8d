package io.tandem.query.persistence;

import static java.util.stream.Collectors.toMap;
import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.query.domain.Where;
import io.tandem.query.domain.WhereCatalog;
import java.time.OffsetDateTime;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The translator over any store's columns (here made-up ones, {@code t.<name>}): operators, attributes compared with
 * attributes, labels; the SQL text is the columns' and the operators', every value and label key a parameter.
 */
class WhereSqlTest {

  private static final WhereColumns COLUMNS = WhereColumns.of(WhereCatalog.UNITS,
      WhereCatalog.UNITS.names().stream().collect(toMap(Function.identity(),
          name -> "t." + name.toLowerCase(Locale.ROOT).replace('.', '_'))),
      "t.labels", "t.space_labels");

  private static WhereSql sql(String where) {
    return WhereSql.of(Where.parse(where, WhereCatalog.UNITS), COLUMNS);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "Slug = 'web'                      | (t.slug = :w0)",
        "Slug != 'web'                     | (t.slug <> :w0)",
        "HeadRevisionNum < 3               | (t.headrevisionnum < :w0)",
        "HeadRevisionNum > 3               | (t.headrevisionnum > :w0)",
        "HeadRevisionNum <= 3              | (t.headrevisionnum <= :w0)",
        "HeadRevisionNum >= 3              | (t.headrevisionnum >= :w0)",
        "DisplayName LIKE 'Pay%'           | (t.displayname like :w0)",
        "DisplayName ILIKE 'pay%'          | (t.displayname ilike :w0)",
        "Slug IN ('a', 'b')                | (t.slug in (:w0, :w1))",
        "Slug NOT IN ('a')                 | (t.slug not in (:w0))",
        "Target IS NULL                    | (t.target is null)",
        "Target IS NOT NULL                | (t.target is not null)",
        "HeadRevisionNum > LiveRevisionNum | (t.headrevisionnum > t.liverevisionnum)",
        "Slug = 'a' AND Suspended = true   | (t.slug = :w0 and t.suspended = :w1)",
      })
  void everyOperatorBecomesParameterisedSqlOverTheColumns(String where, String sql) {
    assertThat(sql(where).sql()).isEqualTo(sql.trim());
  }

  /** Equality uses containment, which the GIN index on a labels column serves; the rest reads the key's value. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "Labels.tier = 'x'                  | (t.labels @> jsonb_build_object(cast(:w0 as text), cast(:w1 as text)))",
        "Slug = 'a' AND Space.Labels.e = 'x' | (t.slug = :w0 and t.space_labels @> jsonb_build_object(cast(:w1 as"
            + " text), cast(:w2 as text)))",
        "Labels.tier != 'x'                 | (t.labels ->> :w0 <> :w1)",
        "Space.Labels.env IN ('a', 'b')     | (t.space_labels ->> :w0 in (:w1, :w2))",
        "Labels.tier LIKE 'b%'              | (t.labels ->> :w0 like :w1)",
        "Labels.tier IS NULL                | (t.labels ->> :w0 is null)",
        "Labels.tier = Space.Labels.tier    | (t.labels ->> :w0 = t.space_labels ->> :w1)",
      })
  void labelsAreReadFromTheirLabelsColumnByAKeyParameter(String where, String sql) {
    assertThat(sql(where).sql()).isEqualTo(sql.trim());
  }

  @Test
  void valuesAndLabelKeysAreBoundInTheOrderWritten() {
    WhereSql sql = sql("Labels.tier = Space.Labels.tier AND Labels.a = 'x''; drop table unit; --'"
        + " AND CreatedAt >= '2026-11-30T12:00:00Z' AND Suspended != false AND ApprovalCount IN (1, 2)");

    assertThat(sql.parameters()).isEqualTo(Map.of("w0", "tier", "w1", "tier", "w2", "a",
        "w3", "x'; drop table unit; --", "w4", OffsetDateTime.parse("2026-11-30T12:00:00Z"), "w5", false,
        "w6", 1L, "w7", 2L));
    assertThat(sql.sql()).doesNotContain("drop").doesNotContain("tier").doesNotContain("2026");
  }

  @Test
  void noFilterIsTrue() {
    assertThat(WhereSql.of(Where.NONE, COLUMNS)).isSameAs(WhereSql.NONE);
    assertThat(WhereSql.NONE.sql()).isEqualTo("true");
  }

  @Test
  void andJoinsBothConditionsWithTheirParameters() {
    WhereSql where = sql("Slug = 'a'");
    WhereSql data = new WhereSql("(x = :d0)", Map.of("d0", 1L));

    assertThat(where.and(data)).isEqualTo(new WhereSql("(t.slug = :w0) and (x = :d0)", Map.of("w0", "a", "d0", 1L)));
    assertThat(WhereSql.NONE.and(data)).isSameAs(data);
    assertThat(where.and(WhereSql.NONE)).isSameAs(where);
  }
}
