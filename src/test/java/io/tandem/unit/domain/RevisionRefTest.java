package io.tandem.unit.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.space.domain.DriftMode;
import io.tandem.unit.domain.RevisionRef.Kind;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.assertj.core.api.AbstractThrowableAssert;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class RevisionRefTest {

  /** head 5, live 3, previous live 2. */
  private static final Unit UNIT = unit(5, 3, 2);

  @ParameterizedTest(name = "\"{0}\" is {1} {2}")
  @CsvSource({
    "3, ABSOLUTE, 3",
    "-1, RELATIVE, -1",
    "0, RELATIVE, 0",
    "head, HEAD, 0",
    "live, LIVE, 0",
    "previousLive, PREVIOUS_LIVE, 0",
  })
  void parsesEveryForm(String text, Kind kind, int number) {
    RevisionRef ref = RevisionRef.parse("revision", text);

    assertThat(ref.kind()).isEqualTo(kind);
    assertThat(ref.number()).isEqualTo(number);
    assertThat(ref.text()).isEqualTo(text);
  }

  @ParameterizedTest(name = "\"{0}\"")
  @NullSource
  @ValueSource(strings = {"abc", "", " ", "1.5", "Head", "HEAD", "previous-live", "99999999999"})
  void rejectsWhatIsNotARevision(String text) {
    assertThatThrownBy(() -> RevisionRef.parse("from", text))
        .isInstanceOfSatisfying(
            TandemException.class, e -> assertThat(e.code()).isEqualTo(ProblemCode.INVALID_ARGUMENT))
        .hasMessageContaining("'from'");
  }

  @Test
  void rejectionQuotesTheValue() {
    assertThatThrownBy(() -> RevisionRef.parse("to", "abc")).hasMessageContaining("got 'abc'");
  }

  @ParameterizedTest(name = "\"{0}\" resolves to {1}")
  @CsvSource({
    "3, 3",
    "5, 5",
    "1, 1",
    "-1, 4",
    "0, 5",
    "-4, 1",
    "head, 5",
    "live, 3",
    "previousLive, 2",
  })
  void resolvesAgainstTheUnitsCounters(String text, int expected) {
    assertThat(RevisionRef.parse("revision", text).resolve(UNIT)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "\"{0}\"")
  @ValueSource(strings = {"-5", "-6", "6", "100"})
  void revisionOutsideTheHistoryIsNotFound(String text) {
    assertNotFound(() -> RevisionRef.parse("revision", text).resolve(UNIT))
        .hasMessageContaining("'" + text + "'")
        .hasMessageContaining("unit 'api'");
  }

  @Test
  void revisionBeyondHeadNamesTheHead() {
    assertNotFound(() -> RevisionRef.parse("revision", "6").resolve(UNIT))
        .hasMessageContaining("the head is revision 5");
  }

  @Test
  void liveOfANeverAppliedUnitIsNotFound() {
    Unit neverApplied = unit(5, 0, 0);

    assertNotFound(() -> RevisionRef.parse("revision", "live").resolve(neverApplied))
        .hasMessageContaining("never been applied");
  }

  @Test
  void previousLiveOfAUnitAppliedOnceIsNotFound() {
    Unit appliedOnce = unit(5, 3, 0);

    assertNotFound(() -> RevisionRef.parse("revision", "previousLive").resolve(appliedOnce))
        .hasMessageContaining("no previous live revision");
  }

  @Test
  void justBeforeTheFirstRevisionResolvesToEmptyWhenAllowed() {
    Unit firstRevisionOnly = unit(1, 0, 0);

    assertThat(RevisionRef.parse("from", "-1").resolveAllowingEmpty(firstRevisionOnly)).isZero();
  }

  @Test
  void allowingEmptyStillRejectsANeverAppliedLive() {
    Unit firstRevisionOnly = unit(1, 0, 0);

    assertNotFound(() -> RevisionRef.parse("from", "live").resolveAllowingEmpty(firstRevisionOnly));
  }

  @Test
  void allowingEmptyStillRejectsFurtherBack() {
    Unit firstRevisionOnly = unit(1, 0, 0);

    assertNotFound(() -> RevisionRef.parse("from", "-2").resolveAllowingEmpty(firstRevisionOnly));
  }

  @Test
  void allowingEmptyResolvesExistingRevisionsAsUsual() {
    assertThat(RevisionRef.parse("from", "-1").resolveAllowingEmpty(UNIT)).isEqualTo(4);
    assertThat(RevisionRef.parse("from", "live").resolveAllowingEmpty(UNIT)).isEqualTo(3);
  }

  private static AbstractThrowableAssert<?, ? extends Throwable> assertNotFound(
      ThrowingCallable call) {
    return assertThatThrownBy(call)
        .isInstanceOfSatisfying(TandemException.class, e -> assertThat(e.code()).isEqualTo(ProblemCode.NOT_FOUND));
  }

  private static Unit unit(int head, int live, int previousLive) {
    Instant now = Instant.parse("2025-01-01T00:00:00Z");
    return new Unit(
        UUID.randomUUID(),
        "payments",
        "api",
        new UnitMetadata("API", Map.of(), null, DriftMode.Report),
        7,
        head,
        live,
        live,
        previousLive,
        Drift.None,
        now,
        now,
        null);
  }
}
