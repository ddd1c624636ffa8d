package io.tandem.query.domain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DataQueryTest {

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
  }
}
