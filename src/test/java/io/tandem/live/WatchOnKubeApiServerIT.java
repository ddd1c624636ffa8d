package io.tandem.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tandem.support.RealCluster;
import io.tandem.support.TandemIT;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** {@link WatchScenarios} on a real API server, whose watches carry real resource versions. */
@TandemIT
@RealCluster
class WatchOnKubeApiServerIT extends WatchScenarios {

  /** Only a real cluster's controllers write status after an apply. */
  @Test
  void theStatusTheControllersWriteAfterAnApplyQueuesNoRefreshAndKeepsTheUnitVouchedFor() throws Exception {
    String unit = applied("rolled");
    UUID unitId = UUID.fromString(api.get(unit).json().path("id").asString());
    await("healthy from the controllers' status").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
        .until(() -> api.get(unit).json().path("health").path("status").asString(), "Healthy"::equals);
    Thread.sleep(1000); // the last status updates' events

    assertThat(actionsOf(unit)).containsExactly("Apply");
    assertThat(vouchedFor(unitId)).containsExactly(unitId);

    changeMemoryOnTheCluster("rolled", "730Mi");
    capturedWithinTenSeconds(unit, "730Mi");
    assertThat(actionsOf(unit)).contains("Refresh");
  }
}
