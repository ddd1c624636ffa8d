package io.tandem.common.naming;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import java.util.HashMap;
import java.util.Map;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LabelsTest {

  private static final String NAME_63 = "a".repeat(63);
  private static final String NAME_64 = "a".repeat(64);

  @ParameterizedTest(name = "key [{0}]")
  @ValueSource(
      strings = {
        "app",
        "app.kubernetes.io/name",
        "example.com/Tier_1.x",
        "a",
        "A9",
        "my-team.example/x",
      })
  void acceptsValidKeys(String key) {
    assertThat(Labels.require(Map.of(key, "v"))).containsEntry(key, "v");
  }

  @Test
  void acceptsKeyNameOfSixtyThreeCharacters() {
    assertThat(Labels.require(Map.of(NAME_63, "v"))).containsKey(NAME_63);
  }

  @ParameterizedTest(name = "value [{0}]")
  @ValueSource(strings = {"", "v1.2.3", "Prod_East-1", "x"})
  void acceptsValidValues(String value) {
    assertThat(Labels.require(Map.of("k", value))).containsEntry("k", value);
  }

  @Test
  void sortsByKey() {
    Map<String, String> labels = new HashMap<>();
    labels.put("zone", "east");
    labels.put("app.kubernetes.io/name", "api");
    labels.put("tier", "backend");
    labels.put("Alpha", "1");

    assertThat(Labels.require(labels).keySet()).containsExactly("Alpha", "app.kubernetes.io/name", "tier", "zone");
  }

  @Test
  void nullMeansNoLabels() {
    assertThat(Labels.require(null)).isEmpty();
  }

  @ParameterizedTest(name = "key [{0}]")
  @ValueSource(strings = {"-bad", "bad-", "a b", "", "/name", "prefix/", "Example.com/name", "a/b/c", "ü"})
  void rejectsInvalidKeys(String key) {
    assertValidationFailed(Map.of(key, "v")).hasMessageContaining("Label key '" + key + "'");
  }

  @Test
  void rejectsKeyNameOfSixtyFourCharacters() {
    assertValidationFailed(Map.of(NAME_64, "v")).hasMessageContaining("at most 63");
  }

  @Test
  void rejectsPrefixWithUppercaseAsAnInvalidPrefix() {
    assertValidationFailed(Map.of("App.Kubernetes.io/name", "v")).hasMessageContaining("invalid prefix");
  }

  @ParameterizedTest(name = "value [{0}]")
  @ValueSource(strings = {"-bad", "bad.", "a b", "x/y"})
  void rejectsInvalidValues(String value) {
    assertValidationFailed(Map.of("tier", value)).hasMessageContaining("invalid value '" + value + "'");
  }

  @Test
  void rejectsValueOfSixtyFourCharacters() {
    assertValidationFailed(Map.of("tier", NAME_64)).hasMessageContaining("Label 'tier'");
  }

  @Test
  void rejectsNullValue() {
    Map<String, String> labels = new HashMap<>();
    labels.put("tier", null);

    assertValidationFailed(labels).hasMessageContaining("Label 'tier' needs a string value");
  }

  @Test
  void acceptsSixtyFourLabels() {
    assertThat(Labels.require(labels(64))).hasSize(64);
  }

  @Test
  void rejectsMoreThanSixtyFourLabels() {
    assertValidationFailed(labels(65)).hasMessageContaining("At most 64 labels");
  }

  private static Map<String, String> labels(int count) {
    Map<String, String> labels = new HashMap<>();
    for (int i = 0; i < count; i++) {
      labels.put("key-" + i, "value");
    }
    return labels;
  }

  private static AbstractThrowableAssert<?, ? extends Throwable> assertValidationFailed(Map<String, String> labels) {
    return assertThatThrownBy(() -> Labels.require(labels))
        .isInstanceOfSatisfying(
            TandemException.class, e -> assertThat(e.code()).isEqualTo(ProblemCode.VALIDATION_FAILED));
  }
}
