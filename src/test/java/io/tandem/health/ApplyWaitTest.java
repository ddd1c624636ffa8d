package io.tandem.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.error.TandemException;
import io.tandem.health.domain.ApplyWait;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ApplyWaitTest {

  @Test
  void theWaitingMessageGivesBackWhatTheApplyDid() {
    String applied = "Applied 2 objects (Waiting up to nothing in the data).";
    String waiting = ApplyWait.waitingMessage(applied, Duration.ofSeconds(90));

    assertThat(waiting).isEqualTo(applied + " Waiting up to 90s for its objects to be healthy.");
    assertThat(ApplyWait.appliedPart(waiting)).isEqualTo(applied);
    assertThat(ApplyWait.appliedPart(applied + " Done.")).isEqualTo(applied + " Done.");
  }

  @Test
  void timeoutsAreWrittenInTheirLargestWholeUnit() {
    assertThat(ApplyWait.describe(Duration.ofHours(1))).isEqualTo("1h");
    assertThat(ApplyWait.describe(Duration.ofMinutes(5))).isEqualTo("5m");
    assertThat(ApplyWait.describe(Duration.ofSeconds(90))).isEqualTo("90s");
  }

  @Test
  void aWaitIsHealthyOrNoneAndItsTimeoutFromOneSecondToOneHour() {
    assertThat(ApplyWait.parse("Parameter", "waitFor", null, "timeout", null)).isNull();
    assertThat(ApplyWait.parse("Parameter", "waitFor", "none", "timeout", null).waits()).isFalse();
    assertThat(ApplyWait.parse("Parameter", "waitFor", "healthy", "timeout", null).timeout())
        .isEqualTo(ApplyWait.DEFAULT_TIMEOUT);
    assertThat(ApplyWait.parse("Parameter", "waitFor", "healthy", "timeout", "30s").timeout())
        .isEqualTo(Duration.ofSeconds(30));
    assertThatThrownBy(() -> ApplyWait.parse("Parameter", "waitFor", "ready", "timeout", null))
        .isInstanceOf(TandemException.class).hasMessageContaining("'healthy' or 'none'");
    assertThatThrownBy(() -> ApplyWait.parse("Parameter", "waitFor", "none", "timeout", "5m"))
        .isInstanceOf(TandemException.class).hasMessageContaining("needs waitFor=healthy");
    assertThatThrownBy(() -> ApplyWait.parse("Parameter", "waitFor", "healthy", "timeout", "2h"))
        .isInstanceOf(TandemException.class).hasMessageContaining("from 1s to 1h");
  }
}
