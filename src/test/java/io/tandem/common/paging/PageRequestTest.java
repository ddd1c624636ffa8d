package io.tandem.common.paging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;
import org.assertj.core.api.AbstractThrowableAssert;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PageRequestTest {

  @Test
  void limitDefaultsToOneHundred() {
    PageRequest request = PageRequest.of(null, null);

    assertThat(request.limit()).isEqualTo(100);
    assertThat(request.after()).isNull();
  }

  @ParameterizedTest(name = "limit {0}")
  @ValueSource(ints = {1, 1000})
  void limitsAtTheBoundsAreAccepted(int limit) {
    assertThat(PageRequest.of(limit, null).limit()).isEqualTo(limit);
  }

  @ParameterizedTest(name = "limit {0}")
  @ValueSource(ints = {0, -1, 1001})
  void limitOutsideTheBoundsIsAnInvalidArgument(int limit) {
    assertInvalidArgument(() -> PageRequest.of(limit, null))
        .hasMessageContaining("'limit'")
        .hasMessageContaining("not " + limit);
  }

  @Test
  void emptyCursorIsTheFirstPage() {
    assertThat(PageRequest.of(10, "").after()).isNull();
  }

  @Test
  void fullPageCarriesACursorToItsLastItem() {
    PageRequest request = PageRequest.of(2, null);

    ListResponse<String> page = request.page(List.of("alpha", "beta", "gamma"), Function.identity());

    assertThat(page.items()).containsExactly("alpha", "beta");
    assertThat(page.nextCursor()).isNotNull();
    assertThat(PageRequest.of(2, page.nextCursor()).after()).isEqualTo("beta");
  }

  @Test
  void cursorRoundTripsKeysWithAnyCharacters() {
    PageRequest request = PageRequest.of(1, null);

    ListResponse<String> page = request.page(List.of("ünïcode/key?&=", "next"), Function.identity());

    assertThat(page.nextCursor()).doesNotContain("+", "/", "=");
    assertThat(PageRequest.of(1, page.nextCursor()).after()).isEqualTo("ünïcode/key?&=");
  }

  @Test
  void lastPageHasNoCursor() {
    PageRequest request = PageRequest.of(2, null);

    assertThat(request.page(List.of("alpha", "beta"), Function.identity()).nextCursor()).isNull();
    assertThat(request.page(List.of("alpha"), Function.identity()).nextCursor()).isNull();
    assertThat(request.page(List.<String>of(), Function.identity()).items()).isEmpty();
  }

  @ParameterizedTest(name = "cursor [{0}]")
  @ValueSource(strings = {"!!not-base64!!", "bm90LWEtY3Vyc29y", "a"})
  void garbageCursorIsAnInvalidArgument(String cursor) {
    assertInvalidArgument(() -> PageRequest.of(10, cursor)).hasMessageContaining("'cursor'");
  }

  @Test
  void numericCursorReadsAsANumber() {
    String cursor = PageRequest.of(1, null).page(List.of(41, 42), String::valueOf).nextCursor();

    assertThat(PageRequest.of(1, cursor).afterNumber()).isEqualTo(41);
    assertThat(PageRequest.of(1, null).afterNumber()).isNull();
  }

  @Test
  void nonNumericCursorWhereANumberIsExpectedIsAnInvalidArgument() {
    String cursor =
        Base64.getUrlEncoder().withoutPadding().encodeToString("k:beta".getBytes(StandardCharsets.UTF_8));
    PageRequest request = PageRequest.of(10, cursor);
    assertThat(request.after()).isEqualTo("beta");

    assertInvalidArgument(request::afterNumber).hasMessageContaining("'cursor'");
  }

  private static AbstractThrowableAssert<?, ? extends Throwable> assertInvalidArgument(ThrowingCallable call) {
    return assertThatThrownBy(call)
        .isInstanceOfSatisfying(
            TandemException.class, e -> assertThat(e.code()).isEqualTo(ProblemCode.INVALID_ARGUMENT));
  }
}
