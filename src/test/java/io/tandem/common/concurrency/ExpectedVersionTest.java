package io.tandem.common.concurrency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import org.junit.jupiter.api.Test;

class ExpectedVersionTest {

  @Test
  void staleVersionFailsWithTheCurrentVersion() {
    assertThatThrownBy(() -> ExpectedVersion.check(6L, 7, "unit 'api'"))
        .isInstanceOfSatisfying(
            TandemException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ProblemCode.PRECONDITION_FAILED);
              assertThat(e.properties()).containsEntry("currentVersion", 7L);
            })
        .hasMessageContaining("unit 'api' is at version 7");
  }

  @Test
  void matchingVersionPasses() {
    assertThatCode(() -> ExpectedVersion.check(7L, 7, "unit 'api'")).doesNotThrowAnyException();
  }

  @Test
  void noExpectationPasses() {
    assertThatCode(() -> ExpectedVersion.check(null, 7, "unit 'api'")).doesNotThrowAnyException();
  }
}
