package io.tandem.query;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DataFilterTest {

  @Test
  void conditionsUnderDataOrStringDataReadSecretValuesUnlessAnotherTypeIsNamed() {
    assertThat(DataFilter.readsSecretValues(null, "data.password = 'c2VjcmV0'")).isTrue();
    assertThat(DataFilter.readsSecretValues("v1/Secret", "stringData.user LIKE 'a%'")).isTrue();
    assertThat(DataFilter.readsSecretValues("", "metadata.name = 'db' AND data.password IS NOT NULL")).isTrue();

    assertThat(DataFilter.readsSecretValues("v1/ConfigMap", "data.mode = 'fast'")).isFalse();
    assertThat(DataFilter.readsSecretValues("v1/Secret", "metadata.name = 'db'")).isFalse();
    assertThat(DataFilter.readsSecretValues("v1/Secret", null)).isFalse();
  }

  @Test
  void onlyPathsThatStartAtDataOrStringDataReachSecretValues() {
    assertThat(DataFilter.readsSecretValues(null, "data.* = 'x'")).isTrue();
    assertThat(DataFilter.readsSecretValues(null, "stringData IS NOT NULL")).isTrue();
    assertThat(DataFilter.readsSecretValues(null, "spec.data = 'x'")).isFalse();
    assertThat(DataFilter.readsSecretValues(null, "dataset.x = 'x'")).isFalse();
  }
}
