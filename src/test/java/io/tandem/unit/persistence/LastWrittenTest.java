package io.tandem.unit.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.space.domain.DriftMode;
import io.tandem.unit.domain.Drift;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitMetadata;
import io.tandem.unit.domain.UnitStore.UnitKey;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class LastWrittenTest {

  private final LastWritten lastWritten = new LastWritten();

  @Test
  void keepsTheLast256UnitsWrittenAndForgetsTheOlderOnes() {
    for (int i = 0; i < 300; i++) {
      lastWritten.put(key(i), entry(i));
    }

    assertThat(lastWritten.get(key(0))).isEmpty();
    assertThat(lastWritten.get(key(43))).isEmpty();
    assertThat(lastWritten.get(key(44))).contains(entry(44));
    assertThat(lastWritten.get(key(299))).contains(entry(299));
  }

  @Test
  void aUnitsNextWriteReplacesWhatItsLastLeftAndAUnitReadRecentlyStays() {
    lastWritten.put(key(-1), entry(1));
    lastWritten.put(key(-1), entry(2));
    for (int i = 0; i < 300; i++) {
      assertThat(lastWritten.get(key(-1))).contains(entry(2));
      lastWritten.put(key(i), entry(i));
    }

    assertThat(lastWritten.get(key(-1))).contains(entry(2));
  }

  private static UnitKey key(int i) {
    return new UnitKey("space", "unit-" + i);
  }

  private static LastWritten.Entry entry(int version) {
    Unit unit = new Unit(new UUID(0, 1), "space", "unit", new UnitMetadata("unit", Map.of(), null, DriftMode.Report),
        version, version, 0, 0, 0, Drift.None, Instant.EPOCH, Instant.EPOCH, null);
    return new LastWritten.Entry(unit, "sha-" + version, 7, "(0," + version + ")/" + (100 + version));
  }
}
