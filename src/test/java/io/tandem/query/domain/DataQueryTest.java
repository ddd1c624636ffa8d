package io.tandem.query.domain;

import static io.tandem.query.domain.InvalidWhere.assertInvalid;
import static io.tandem.query.domain.InvalidWhere.assertInvalidAt;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.query.domain.WhereExpression.Operator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code resourceType} and {@code whereData} checked, with no database. */
class DataQueryTest {

  @Test
  void pathsAreSplitIntoKeysIndicesAndStarsWithEscapesRead() {
    DataQuery query = DataQuery.parse("apps/v1/Deployment",
        "spec.template.spec.containers.*.image LIKE '%:latest' AND metadata.labels.a~1b~0c = 'x'"
            + " AND spec.ports.0.port IN (80, 443)");

    assertThat(query.resourceType()).isEqualTo("apps/v1/Deployment");
    assertThat(query.clauses()).containsExactly(
        new DataQuery.Clause(List.of("spec", "template", "spec", "containers", "*", "image"), Operator.LIKE,
            List.of("%:latest")),
        new DataQuery.Clause(List.of("metadata", "labels", "a.b~c"), Operator.EQ, List.of("x")),
        new DataQuery.Clause(List.of("spec", "ports", "0", "port"), Operator.IN, List.of(80L, 443L)));
  }

  @Test
  void blankPartsSelectEverything() {
    assertThat(DataQuery.parse(null, null)).isSameAs(DataQuery.NONE);
    assertThat(DataQuery.parse(" ", "")).isSameAs(DataQuery.NONE);
    assertThat(DataQuery.NONE.isNone()).isTrue();
    assertThat(DataQuery.parse("v1/Service", null)).isEqualTo(new DataQuery("v1/Service", List.of()));
    assertThat(DataQuery.parse("", "spec.x IS NULL").resourceType()).isNull();
  }

  @Test
  void aResourceTypeThatIsNotApiVersionSlashKindIsAnInvalidArgument() {
    assertThatThrownBy(() -> DataQuery.parse("Deployment", "spec.replicas < spec.x"))
        .isInstanceOfSatisfying(TandemException.class, e -> {
          assertThat(e.code()).isEqualTo(ProblemCode.INVALID_ARGUMENT);
          assertThat(e.getMessage()).isEqualTo(
              "Parameter 'resourceType' must read apiVersion/kind, such as apps/v1/Deployment or v1/Service.");
        });
  }

  @Test
  void mistakesAreInvalidWhereAndSayWhere() {
    assertInvalid(() -> DataQuery.parse(null, "spec.replicas < spec.minReadySeconds"),
        "Invalid whereData at character 1: whereData compares paths with values, not with other paths.");
    assertInvalid(() -> DataQuery.parse(null, "spec.replicas LIKE 1"),
        "Invalid whereData at character 20: LIKE needs a 'string' value.");
    assertInvalid(() -> DataQuery.parse(null, "spec.paused < true"),
        "Invalid whereData at character 15: true and false can only be compared with = or !=.");
    assertInvalid(() -> DataQuery.parse(null, "spec.replicas IN (1, 'a')"),
        "Invalid whereData at character 22: the values of a list must all have one type.");
    assertInvalid(() -> DataQuery.parse(null, "spec..replicas IS NULL"),
        "Invalid whereData at character 1: 'spec..replicas' is not a path of dotted keys, indices and *.");
    // the grammar is the where language's, and says so
    assertInvalidAt(() -> DataQuery.parse(null, "spec.replicas ="), 16, "expected a value");
  }

  @Test
  void conditionsUnderDataOrStringDataReadSecretValuesUnlessAnotherTypeIsNamed() {
    assertThat(DataQuery.parse(null, "data.password = 'c2VjcmV0'").readsSecretValues()).isTrue();
    assertThat(DataQuery.parse("v1/Secret", "stringData.user LIKE 'a%'").readsSecretValues()).isTrue();
    assertThat(DataQuery.parse("", "metadata.name = 'db' AND data.password IS NOT NULL").readsSecretValues()).isTrue();

    assertThat(DataQuery.parse("v1/ConfigMap", "data.mode = 'fast'").readsSecretValues()).isFalse();
    assertThat(DataQuery.parse("v1/Secret", "metadata.name = 'db'").readsSecretValues()).isFalse();
    assertThat(DataQuery.parse("v1/Secret", null).readsSecretValues()).isFalse();
  }

  @Test
  void onlyPathsThatStartAtDataOrStringDataReachSecretValues() {
    assertThat(DataQuery.parse(null, "data.* = 'x'").readsSecretValues()).isTrue();
    assertThat(DataQuery.parse(null, "stringData IS NOT NULL").readsSecretValues()).isTrue();
    assertThat(DataQuery.parse(null, "spec.data = 'x'").readsSecretValues()).isFalse();
    assertThat(DataQuery.parse(null, "dataset.x = 'x'").readsSecretValues()).isFalse();
    assertThat(DataQuery.parse(null, "data~1x = 'x'").readsSecretValues()).as("the key 'data.x'").isFalse();
  }
}
