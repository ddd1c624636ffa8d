package io.tandem.live.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.targets.domain.WatchScope;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class WatchedObjectsTest {

  final WatchScope scope = new WatchScope("prod", "apps/v1", "Deployment", "shop");
  final UUID payments = UUID.randomUUID();
  final UUID checkout = UUID.randomUUID();
  final WatchedObjects watched = new WatchedObjects();

  @Test
  void aFirstListComparesWithTheVersionsTheLastObservationsRecorded() {
    UUID cart = UUID.randomUUID();
    watched.replace(Map.of(scope, Map.of("payments", payments, "checkout", checkout, "cart", cart)),
        Map.of(scope, Map.of("payments", "7", "checkout", "8", "cart", "9")));

    assertThat(watched.relisted(scope, Map.of("payments", "7", "checkout", "11")))
        .containsExactlyInAnyOrder(checkout, cart);
  }

  @Test
  void aFirstListRefreshesAnObjectWhoseRecordedVersionIsNotKnown() {
    watched.replace(Map.of(scope, Map.of("payments", payments)), Map.of(scope, Map.of("payments", "")));

    assertThat(watched.relisted(scope, Map.of("payments", "7"))).containsExactly(payments);
  }

  @Test
  void aFirstListLeavesAloneAnObjectAppliedAfterTheVersionsWereRead() {
    watched.add(scope, "payments", payments);

    assertThat(watched.relisted(scope, Map.of("payments", "7"))).isEmpty();
  }

  @Test
  void aRelistRefreshesTheUnitsWhoseObjectsMovedOrWentAwayWhileNothingWatched() {
    watched.add(scope, "payments", payments);
    watched.add(scope, "checkout", checkout);
    watched.add(scope, "cart", UUID.randomUUID());
    watched.relisted(scope, Map.of("payments", "7", "checkout", "8", "cart", "9", "someone-elses", "1"));

    assertThat(watched.relisted(scope, Map.of("payments", "12", "cart", "9", "someone-elses", "2")))
        .containsExactlyInAnyOrder(payments, checkout);
  }

  @Test
  void aRelistComparesWithTheVersionsTheWatchSawLast() {
    watched.add(scope, "payments", payments);
    watched.relisted(scope, Map.of("payments", "7"));
    watched.seen(scope, "payments", "12");

    assertThat(watched.relisted(scope, Map.of("payments", "12"))).isEmpty();
  }

  @Test
  void aDestroyedUnitOwnsNoObjectAnyMore() {
    watched.add(scope, "payments", payments);
    watched.removeUnit(payments);

    assertThat(watched.unitOf(scope, "payments")).isNull();
  }
}
