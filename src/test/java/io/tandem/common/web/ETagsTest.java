package io.tandem.common.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class ETagsTest {

  @Test
  void tagIsTheQuotedVersion() {
    assertThat(ETags.of(7)).isEqualTo("\"7\"");
  }

  @ParameterizedTest(name = "[{0}]")
  @NullSource
  @ValueSource(strings = {"*", " * ", "", "  "})
  void absentOrWildcardDemandsNoVersion(String ifMatch) {
    assertThat(ETags.expectedVersion(ifMatch)).isNull();
  }

  @ParameterizedTest(name = "[{0}]")
  @ValueSource(strings = {"\"7\"", "7", " \"7\" "})
  void quotedOrBareNumberIsTheVersion(String ifMatch) {
    assertThat(ETags.expectedVersion(ifMatch)).isEqualTo(7L);
  }

  @Test
  void tagProducedByOfIsReadBack() {
    assertThat(ETags.expectedVersion(ETags.of(123456789012L))).isEqualTo(123456789012L);
  }

  @Test
  void weakTagIsAFailedPrecondition() {
    assertThatThrownBy(() -> ETags.expectedVersion("W/\"7\""))
        .isInstanceOfSatisfying(
            TandemException.class, e -> assertThat(e.code()).isEqualTo(ProblemCode.PRECONDITION_FAILED))
        .hasMessageContaining("strong entity tag");
  }

  @ParameterizedTest(name = "[{0}]")
  @ValueSource(strings = {"abc", "\"abc\"", "\"\"", "\"7", "\"1\", \"2\""})
  void tagThatNamesNoVersionIsAFailedPrecondition(String ifMatch) {
    assertThatThrownBy(() -> ETags.expectedVersion(ifMatch))
        .isInstanceOfSatisfying(
            TandemException.class, e -> assertThat(e.code()).isEqualTo(ProblemCode.PRECONDITION_FAILED))
        .hasMessageContaining("does not name a version");
  }
}
