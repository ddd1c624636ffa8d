package io.tandem.query.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** Assertions on the {@code invalid-where} problems of the where language. */
final class InvalidWhere {

  private InvalidWhere() {}

  /** {@code invalid-where} with exactly {@code message}: the API answers it as the problem's detail. */
  static void assertInvalid(ThrowingCallable call, String message) {
    assertThatThrownBy(call).isInstanceOfSatisfying(TandemException.class, e -> {
      assertThat(e.code()).isEqualTo(ProblemCode.INVALID_WHERE);
      assertThat(e.getMessage()).isEqualTo(message);
    });
  }

  /** {@code invalid-where} pointing at {@code character} (1-based) and saying {@code problem}. */
  static void assertInvalidAt(ThrowingCallable call, int character, String problem) {
    assertThatThrownBy(call).isInstanceOfSatisfying(TandemException.class, e -> {
      assertThat(e.code()).isEqualTo(ProblemCode.INVALID_WHERE);
      assertThat(e.getMessage()).contains(" at character " + character + ":").contains(problem);
    });
  }
}
