package io.tandem.live.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.targets.domain.WatchScope;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class WatchedObjectsTest {

  final WatchScope scope = new WatchScope("prod", "apps/v1", "Deployment", "shop");
  final UUID payments = UUID.randomUUID();
  final UUID checkout = UUID.randomUUID();
  final WatchedObjects watched = new WatchedObjects();
  static final Instant NOW = Instant.parse("2026-12-04T12:00:00Z");

  LiveStore.WatchedObject object(String name, UUID unit, String version) {
    return new LiveStore.WatchedObject(unit, scope.target(), scope.apiVersion(), scope.kind(), scope.namespace(), name,
        version, true);
  }

  @Test
  void theVersionAnApplyMadeIsItsOwnAndALaterOneIsAChange() {
    watched.add(scope, "payments", payments, NOW);
    Map<String, Object> answered = Map.of("apiVersion", "apps/v1", "kind", "Deployment",
        "metadata", Map.of("name", "payments", "namespace", "shop", "resourceVersion", "41"));

    watched.madeBy("prod", payments, answered, NOW);

    assertThat(watched.appliedAs(scope, "payments", "41")).isTrue();
    assertThat(watched.appliedAs(scope, "payments", "42")).isFalse();
    assertThat(watched.appliedAs(scope, "payments", null)).isFalse();
  }

  @Test
  void anObjectFollowedForAnotherUnitIsNotMadeByThisOne() {
    watched.add(scope, "payments", checkout, NOW);
    Map<String, Object> answered = Map.of("apiVersion", "apps/v1", "kind", "Deployment",
        "metadata", Map.of("name", "payments", "namespace", "shop", "resourceVersion", "41"));

    watched.madeBy("prod", payments, answered, NOW);

    assertThat(watched.appliedAs(scope, "payments", "41")).isFalse();
    assertThat(watched.unitOf(scope, "payments")).isEqualTo(checkout);
  }

  @Test
  void aFirstListComparesWithTheVersionsTheLastObservationsRecorded() {
    UUID cart = UUID.randomUUID();
    watched.replace(List.of(object("payments", payments, "7"), object("checkout", checkout, "8"), object("cart", cart, "9")),
        ours -> true, NOW);

    assertThat(watched.relisted(scope, Map.of("payments", "7", "checkout", "11")))
        .containsExactlyInAnyOrder(checkout, cart);
  }

  @Test
  void aFirstListRefreshesAnObjectWhoseRecordedVersionIsNotKnown() {
    watched.replace(List.of(object("payments", payments, null)), ours -> true, NOW);

    assertThat(watched.relisted(scope, Map.of("payments", "7"))).containsExactly(payments);
  }

  @Test
  void aFirstListLeavesAloneAnObjectAppliedAfterTheVersionsWereRead() {
    watched.add(scope, "payments", payments, NOW);

    assertThat(watched.relisted(scope, Map.of("payments", "7"))).isEmpty();
  }

  @Test
  void aRelistRefreshesTheUnitsWhoseObjectsMovedOrWentAwayWhileNothingWatched() {
    watched.add(scope, "payments", payments, NOW);
    watched.add(scope, "checkout", checkout, NOW);
    watched.add(scope, "cart", UUID.randomUUID(), NOW);
    watched.relisted(scope, Map.of("payments", "7", "checkout", "8", "cart", "9", "someone-elses", "1"));

    assertThat(watched.relisted(scope, Map.of("payments", "12", "cart", "9", "someone-elses", "2")))
        .containsExactlyInAnyOrder(payments, checkout);
  }

  @Test
  void aRelistComparesWithTheVersionsTheWatchSawLast() {
    watched.add(scope, "payments", payments, NOW);
    watched.relisted(scope, Map.of("payments", "7"));
    watched.seen(scope, "payments", "12");

    assertThat(watched.relisted(scope, Map.of("payments", "12"))).isEmpty();
  }

  @Test
  void aDestroyedUnitOwnsNoObjectAnyMore() {
    watched.add(scope, "payments", payments, NOW);
    watched.removeUnit(payments);

    assertThat(watched.unitOf(scope, "payments")).isNull();
  }

  @Test
  void aResyncThatReadTheDatabaseBeforeAnAppliesObservationKeepsWhatTheApplyAdded() {
    watched.add(scope, "payments", payments, NOW);

    Map<WatchScope, Map<String, UUID>> watching = watched.replace(List.of(), ours -> true, NOW.plusSeconds(30));

    assertThat(watched.unitOf(scope, "payments")).isEqualTo(payments);
    assertThat(watching).containsKey(scope);
  }

  @Test
  void whatAnApplyAddedIsLeftToTheDatabaseOnceItIsOldOrTheTargetNotOurs() {
    watched.add(scope, "payments", payments, NOW);
    watched.replace(List.of(), ours -> false, NOW);
    assertThat(watched.unitOf(scope, "payments")).as("another replica's target").isNull();

    watched.add(scope, "payments", payments, NOW);
    watched.replace(List.of(), ours -> true, NOW.plus(WatchedObjects.KEEP_ADDED).plusSeconds(1));
    assertThat(watched.unitOf(scope, "payments")).as("long since").isNull();
  }

  @Test
  void theWatchesVouchForAUnitOnlyWhenEachOfItsObjectsIsWatchedAtTheVersionLastObserved() {
    watched.add(scope, "payments", payments, NOW);
    watched.add(scope, "checkout", checkout, NOW);
    watched.relisted(scope, Map.of("payments", "7", "checkout", "8"));
    watched.seen(scope, "checkout", "9");
    LiveStore.WatchedObject unsettled = new LiveStore.WatchedObject(UUID.randomUUID(), scope.target(), scope.apiVersion(),
        scope.kind(), scope.namespace(), "payments", "7", false);
    List<LiveStore.WatchedObject> objects = List.of(object("payments", payments, "7"), object("checkout", checkout, "8"),
        unsettled);

    assertThat(watched.unchanged(objects, watching -> true)).containsExactly(payments);
    assertThat(watched.unchanged(objects, watching -> false)).as("nothing watched now").isEmpty();
  }
}
