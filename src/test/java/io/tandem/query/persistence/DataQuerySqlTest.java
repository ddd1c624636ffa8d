package io.tandem.query.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.query.domain.DataQuery;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code resourceType} and {@code whereData} as SQL over a jsonb array of objects: paths and values are parameters. */
class DataQuerySqlTest {

  private static WhereSql sql(String resourceType, String whereData) {
    return DataQuerySql.of(DataQuery.parse(resourceType, whereData), "x.objects");
  }

  @Test
  void aTypeAndItsConditionsHoldForOneObject() {
    WhereSql sql = sql("apps/v1/Deployment", "spec.replicas < 2");

    assertThat(sql.sql()).isEqualTo("(exists (select 1 from jsonb_array_elements(coalesce(x.objects, '[]'::jsonb)) o"
        + " where (o ->> 'apiVersion') || '/' || (o ->> 'kind') = :d0 and exists (select 1 from jsonb_path_query(o,"
        + " cast(:d1 as jsonpath)) v where (case when jsonb_typeof(v) = 'number' then (v #>> '{}')::numeric end)"
        + " < :d2)))");
    assertThat(sql.parameters())
        .isEqualTo(Map.of("d0", "apps/v1/Deployment", "d1", "$.\"spec\".\"replicas\"", "d2", 2L));
  }

  /** A value is compared only with values of its own JSON type: {@code '1'} never matches the number 1. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "a = 'x'            | (case when jsonb_typeof(v) = 'string' then v #>> '{}' end) = :d1",
        "a ILIKE 'x%'       | (case when jsonb_typeof(v) = 'string' then v #>> '{}' end) ilike :d1",
        "a NOT IN ('x', 'y') | (case when jsonb_typeof(v) = 'string' then v #>> '{}' end) not in (:d1, :d2)",
        "a >= 1             | (case when jsonb_typeof(v) = 'number' then (v #>> '{}')::numeric end) >= :d1",
        "a != true          | (case when jsonb_typeof(v) = 'boolean' then (v #>> '{}')::boolean end) <> :d1",
      })
  void eachValueIsComparedWithValuesOfItsJsonType(String whereData, String comparison) {
    assertThat(sql(null, whereData).sql()).isEqualTo("(exists (select 1 from jsonb_array_elements(coalesce(x.objects,"
        + " '[]'::jsonb)) o where exists (select 1 from jsonb_path_query(o, cast(:d0 as jsonpath)) v where "
        + comparison.trim() + ")))");
  }

  @Test
  void nullIsAPathThatReachesNoValueButJsonNull() {
    assertThat(sql(null, "a IS NULL").sql()).contains("where not exists (select 1 from jsonb_path_query(o,"
        + " cast(:d0 as jsonpath)) v where jsonb_typeof(v) <> 'null')");
    assertThat(sql(null, "a IS NOT NULL").sql()).contains(
        "where exists (select 1 from jsonb_path_query(o, cast(:d0 as jsonpath)) v where jsonb_typeof(v) <> 'null')");
  }

  @Test
  void pathsBecomeJsonPathParametersNeverSql() {
    WhereSql sql = sql("apps/v1/Deployment", "spec.template.spec.containers.*.image LIKE '%:latest'"
        + " AND metadata.labels.a~1b = 'x' AND spec.ports.0.port = 1");

    assertThat(sql.parameters())
        .containsEntry("d0", "apps/v1/Deployment")
        .containsEntry("d1", "$.\"spec\".\"template\".\"spec\".\"containers\"[*].\"image\"")
        .containsEntry("d2", "%:latest")
        .containsEntry("d3", "$.\"metadata\".\"labels\".\"a.b\"")
        .containsEntry("d5", "$.\"spec\".\"ports\"[0].\"port\"");
    assertThat(sql.sql()).doesNotContain("latest").doesNotContain("containers").contains("cast(:d1 as jsonpath)");
  }

  @Test
  void noQueryIsTrue() {
    assertThat(DataQuerySql.of(DataQuery.NONE, "x.objects")).isSameAs(WhereSql.NONE);
  }
}
