package io.tandem.space.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.error.TandemException;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The windows' verdicts at moments the test picks. */
class SyncWindowsTest {

  /** Friday 22:00 in Berlin for 60 hours: the weekend freeze. */
  static final SyncWindow FREEZE = SyncWindow.of("w", "freeze", "deny", "0 22 * * 5", "60h", "Europe/Berlin", null);
  /** Weekdays from 9:00 in Berlin for 8 hours. */
  static final SyncWindow OFFICE = SyncWindow.of("w", "office", "allow", "0 9 * * 1-5", "8h", "Europe/Berlin", null);

  @Test
  void aDenyWindowIsOpenFromItsScheduleForItsDurationInItsTimeZone() {
    // 2026-12-04 is a Friday; Berlin is UTC+1 in December
    assertThat(FREEZE.openAt(Instant.parse("2026-12-04T20:59:59Z"))).isFalse();
    assertThat(FREEZE.openAt(Instant.parse("2026-12-04T21:00:00Z"))).isTrue();
    assertThat(FREEZE.openAt(Instant.parse("2026-12-07T08:59:59Z"))).isTrue();
    assertThat(FREEZE.openAt(Instant.parse("2026-12-07T09:00:00Z"))).isFalse();

    SyncWindows.Verdict saturday = SyncWindows.verdict(List.of(FREEZE), Instant.parse("2026-12-05T12:00:00Z"));
    assertThat(saturday.open()).isFalse();
    assertThat(saturday.reason()).isEqualTo("the deny window 'freeze' (0 22 * * 5 for 60h, Europe/Berlin) is open until"
        + " 2026-12-07T09:00:00Z");
    assertThat(saturday.opensAt()).isEqualTo(Instant.parse("2026-12-07T09:00:00Z"));
  }

  @Test
  void withAllowWindowsAUnitWaitsForOneToOpenAndADenyWindowWinsOverThem() {
    List<SyncWindow> both = List.of(OFFICE, FREEZE);

    SyncWindows.Verdict night = SyncWindows.verdict(both, Instant.parse("2026-12-02T20:00:00Z"));
    SyncWindows.Verdict morning = SyncWindows.verdict(both, Instant.parse("2026-12-03T08:30:00Z"));
    SyncWindows.Verdict weekend = SyncWindows.verdict(both, Instant.parse("2026-12-05T10:00:00Z"));

    assertThat(night.open()).isFalse();
    assertThat(night.reason()).startsWith("no allow window is open (allow window 'office'");
    assertThat(night.opensAt()).isEqualTo(Instant.parse("2026-12-03T08:00:00Z"));
    assertThat(morning).isEqualTo(SyncWindows.Verdict.OPEN);
    assertThat(weekend.opensAt()).as("Monday's office hours, after the freeze").isEqualTo(Instant.parse("2026-12-07T09:00:00Z"));
    assertThat(SyncWindows.verdict(List.of(), Instant.parse("2026-12-05T10:00:00Z")).open()).isTrue();
  }

  @Test
  void aSixFieldScheduleCountsSecondsAndAnOpenWindowClosesAfterItsDuration() {
    SyncWindow brief = SyncWindow.of("w", null, "allow", "30 0 12 * * *", "10s", null, null);

    assertThat(brief.openAt(Instant.parse("2026-12-05T12:00:29Z"))).isFalse();
    assertThat(brief.openAt(Instant.parse("2026-12-05T12:00:35Z"))).isTrue();
    assertThat(brief.closesAfter(Instant.parse("2026-12-05T12:00:35Z"))).isEqualTo(Instant.parse("2026-12-05T12:00:40Z"));
    assertThat(brief.describe()).isEqualTo("allow window (30 0 12 * * * for 10s, UTC)");
  }

  @Test
  void aWindowThatIsNotOneIsRefusedNamingItsField() {
    assertThatThrownBy(() -> SyncWindow.of("windows[0]", null, "block", "0 22 * * 5", "1h", null, null))
        .isInstanceOf(TandemException.class).hasMessage("Field 'windows[0].kind' must be 'allow' or 'deny'.");
    assertThatThrownBy(() -> SyncWindow.of("windows[1]", null, "deny", "every friday", "1h", null, null))
        .hasMessageStartingWith("Field 'windows[1].schedule' is not a cron schedule");
    assertThatThrownBy(() -> SyncWindow.of("windows[2]", null, "deny", "0 22 * * 5", "forever", null, null))
        .hasMessageStartingWith("Field 'windows[2].duration' must be a duration from 1s to 31 days");
    assertThatThrownBy(() -> SyncWindow.of("windows[3]", null, "deny", "0 22 * * 5", "1h", "Mars/Olympus", null))
        .hasMessageStartingWith("Field 'windows[3].timeZone' is not a time zone");
  }
}
