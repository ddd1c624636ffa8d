package io.tandem.common.naming;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class SlugsTest {

  @ParameterizedTest(name = "[{0}]")
  @ValueSource(strings = {"a", "9", "payments", "api-v2", "0abc", "a-b-c"})
  void acceptsDnsLabels(String slug) {
    assertThat(Slugs.isValid(slug)).isTrue();
    assertThat(Slugs.require("slug", slug)).isEqualTo(slug);
  }

  @Test
  void acceptsSixtyThreeCharacters() {
    String slug = "a".repeat(63);

    assertThat(Slugs.require("slug", slug)).isEqualTo(slug);
  }

  @ParameterizedTest(name = "[{0}]")
  @ValueSource(strings = {"Payments", "-api", "api-", "api_v2", "api.v2", "a b", " api", "ünï"})
  void rejectsWhatIsNotADnsLabel(String slug) {
    assertThat(Slugs.isValid(slug)).isFalse();
    assertThatThrownBy(() -> Slugs.require("slug", slug))
        .isInstanceOfSatisfying(
            TandemException.class, e -> assertThat(e.code()).isEqualTo(ProblemCode.VALIDATION_FAILED))
        .hasMessageContaining("Field 'slug'")
        .hasMessageContaining("got '" + slug + "'");
  }

  @Test
  void rejectsSixtyFourCharacters() {
    String slug = "a".repeat(64);

    assertThat(Slugs.isValid(slug)).isFalse();
    assertThatThrownBy(() -> Slugs.require("target", slug))
        .isInstanceOfSatisfying(
            TandemException.class, e -> assertThat(e.code()).isEqualTo(ProblemCode.VALIDATION_FAILED))
        .hasMessageContaining("Field 'target'")
        .hasMessageContaining("1-63");
  }

  @ParameterizedTest(name = "[{0}]")
  @NullAndEmptySource
  void missingSlugIsRequired(String slug) {
    assertThat(Slugs.isValid(slug)).isFalse();
    assertThatThrownBy(() -> Slugs.require("space", slug))
        .isInstanceOfSatisfying(
            TandemException.class, e -> assertThat(e.code()).isEqualTo(ProblemCode.VALIDATION_FAILED))
        .hasMessage("Field 'space' is required.");
  }

  @Test
  void longRejectedValueIsAbbreviatedInTheMessage() {
    String slug = "A".repeat(200);

    assertThatThrownBy(() -> Slugs.require("slug", slug))
        .hasMessageContaining("A".repeat(77) + "...")
        .hasMessageNotContaining("A".repeat(78));
  }

  @ParameterizedTest(name = "{0} gives [{1}]")
  @org.junit.jupiter.params.provider.CsvSource({"apps/Web_API, apps-web-api", "--payments--, payments", "kube-root-ca.crt, kube-root-ca-crt",
      "ü, ''"})
  void deriveMakesASlugOfAnyText(String text, String slug) {
    assertThat(Slugs.derive(text)).isEqualTo(slug);
  }

  @Test
  void aDerivedSlugIsCutToSixtyThreeCharactersWithoutATrailingDash() {
    assertThat(Slugs.derive("a".repeat(62) + "-b")).isEqualTo("a".repeat(62));
  }
}
