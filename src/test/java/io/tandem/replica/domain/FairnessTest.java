package io.tandem.replica.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class FairnessTest {

  private static final List<String> WORK = List.of("target:a", "target:b", "target:c", "target:d", "target:e",
      "job:git-mirror", "job:webhooks");

  @Test
  void aLoneReplicaTakesEverything() {
    Fairness.Plan plan = Fairness.plan(WORK, Set.of(), 1, Map.of());

    assertThat(plan.release()).isEmpty();
    assertThat(plan.room()).isEqualTo(Map.of("target", 5, "job", 2));
  }

  @Test
  void aReplicaOverItsShareAfterAJoinHandsBackTheLastNamesOfEachGroup() {
    Fairness.Plan plan = Fairness.plan(WORK, Set.copyOf(WORK), 2, Map.of());

    assertThat(plan.release()).containsExactlyInAnyOrder("target:d", "target:e", "job:webhooks");
    assertThat(plan.room()).isEmpty();
  }

  @Test
  void aJoinerHasRoomForItsShareOnly() {
    Fairness.Plan plan = Fairness.plan(WORK, Set.of(), 3, Map.of());

    assertThat(plan.release()).isEmpty();
    assertThat(plan.room()).isEqualTo(Map.of("target", 2, "job", 1));
  }

  @Test
  void aReplicaAboveTheFloorHandsBackOneNameWhileAnotherHoldsLessThanTheFloor() {
    Set<String> mine = Set.of("job:git-mirror", "job:webhooks");
    List<String> jobs = List.of("job:event-retention", "job:git-mirror", "job:target-health", "job:webhooks");

    assertThat(Fairness.plan(jobs, mine, 3, Map.of("job", 0)).release()).containsExactly("job:webhooks");
    assertThat(Fairness.plan(jobs, mine, 3, Map.of("job", 1)).release()).as("everyone has its floor").isEmpty();
  }

  @Test
  void workThatIsNoLongerWantedIsHandedBack() {
    Fairness.Plan plan = Fairness.plan(WORK, Set.of("target:gone", "target:a"), 1, Map.of());

    assertThat(plan.release()).containsExactly("target:gone");
    assertThat(plan.room()).isEqualTo(Map.of("target", 4, "job", 2));
  }

  @Test
  void theFewestHeldOfAGroupCountsLiveReplicasThatHoldNoneOfItAndIgnoresDeadOnes() {
    UUID busy = UUID.randomUUID();
    UUID idle = UUID.randomUUID();
    UUID dead = UUID.randomUUID();
    List<ReplicaStore.Lease> leases = List.of(lease("target:a", busy), lease("target:b", busy),
        lease("job:webhooks", busy), lease("job:git-mirror", idle), lease("target:c", dead));

    assertThat(Fairness.fewestHeld(List.of(busy, idle), leases)).isEqualTo(Map.of("target", 0, "job", 1));
    assertThat(Fairness.fewestHeld(List.of(busy), leases)).isEqualTo(Map.of("target", 2, "job", 1));
  }

  private static ReplicaStore.Lease lease(String name, UUID owner) {
    return new ReplicaStore.Lease(name, owner, Instant.EPOCH);
  }
}
