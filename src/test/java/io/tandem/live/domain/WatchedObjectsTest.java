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

  static Map<String, Object> deployment(String version, int replicas, Map<String, Object> status) {
    return Map.of("apiVersion", "apps/v1", "kind", "Deployment",
        "metadata", Map.of("name", "payments", "namespace", "shop", "resourceVersion", version),
        "spec", Map.of("replicas", replicas), "status", status);
  }

  @Test
  void aStatusWrittenAfterTheApplyIsNoChangeButAChangedSpecIs() {
    watched.add(scope, "payments", payments, NOW);
    watched.madeBy("prod", payments, deployment("41", 2, Map.of()));

    assertThat(watched.changed(scope, "payments", "41", deployment("41", 2, Map.of()))).as("the apply's own").isFalse();
    assertThat(watched.changed(scope, "payments", "42", deployment("42", 2, Map.of("readyReplicas", 2)))).isFalse();
    assertThat(watched.changed(scope, "payments", "43", deployment("43", 3, Map.of("readyReplicas", 2)))).isTrue();
    assertThat(watched.changed(scope, "payments", "44", deployment("44", 3, Map.of("readyReplicas", 3)))).isFalse();
  }

  @Test
  void anObjectFollowedForAnotherUnitIsNotMadeByThisOne() {
    watched.add(scope, "payments", checkout, NOW);

    watched.madeBy("prod", payments, deployment("41", 2, Map.of()));

    assertThat(watched.changed(scope, "payments", "42", deployment("42", 2, Map.of()))).as("nothing known").isTrue();
    assertThat(watched.unitOf(scope, "payments")).isEqualTo(checkout);
  }

  @Test
  void theWatchesVouchForAUnitObservedAtAVersionWhoseContentItStillHas() {
    watched.add(scope, "payments", payments, NOW);
    watched.madeBy("prod", payments, deployment("41", 2, Map.of()));
    watched.seen(scope, "payments", "42");
    watched.changed(scope, "payments", "42", deployment("42", 2, Map.of("readyReplicas", 2)));
    List<LiveStore.WatchedObject> observedAtTheApply = List.of(object("payments", payments, "41"));

    assertThat(watched.unchanged(observedAtTheApply, watching -> true)).containsExactly(payments);

    watched.seen(scope, "payments", "43");
    watched.changed(scope, "payments", "43", deployment("43", 3, Map.of("readyReplicas", 2)));
    assertThat(watched.unchanged(observedAtTheApply, watching -> true)).isEmpty();
  }

  @Test
  void aContentKnownOnlyAtAVersionTheWatchHasNotReachedVouchesForNothing() {
    watched.add(scope, "payments", payments, NOW);
    watched.seen(scope, "payments", "40");
    watched.madeBy("prod", payments, deployment("41", 2, Map.of()));

    assertThat(watched.unchanged(List.of(object("payments", payments, "41")), watching -> true)).isEmpty();
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
