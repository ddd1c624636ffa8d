package io.tandem.targets.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.support.Concurrently;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link TargetGrantStore} does, stated once and run against each implementation.
 *
 * <p>The pattern, the same for every store port: {@code <Port>Contract} (here, beside the port) holds the behaviour;
 * {@code InMemory<Port>} beside it is a thread-safe fake for tests of the domain, and {@code InMemory<Port>Test} runs
 * the contract on it (Surefire, no database); {@code Jdbc<Port>IT} in the adapter's package runs the same contract on
 * the JDBC store over PostgreSQL with the Flyway migrations (Failsafe). A subclass gives the store and creates the rows
 * a grant refers to (targets, spaces), so a fake is held to the same preconditions as the foreign keys hold the
 * database to. Every name a test makes is unique, because the JDBC run shares its database with the other ITs.
 *
 * <p>Times are given to the microsecond: that is all PostgreSQL keeps, and {@link TargetGrants} truncates to it.
 */
public abstract class TargetGrantStoreContract {

  private static final Instant AT = Instant.parse("2025-03-01T10:15:30.123456Z");

  private final String suffix = UUID.randomUUID().toString().substring(0, 8);
  private String target;
  private UUID targetId;
  private String spaceA;
  private String spaceB;

  protected abstract TargetGrantStore store();

  /** Registers a target; its id. */
  protected abstract UUID target(String slug);

  /** Creates a space; its id. */
  protected abstract UUID space(String slug);

  @BeforeEach
  void registerATargetAndTwoSpaces() {
    target = slug("t");
    targetId = target(target);
    spaceA = slug("a");
    spaceB = slug("b");
    space(spaceA);
    space(spaceB);
  }

  @Test
  void aGrantComesBackWithEverythingItSays() {
    TargetGrant grant = new TargetGrant(spaceA, Set.of(TargetUse.IMPORT, TargetUse.READ_LIVE),
        List.of("team-b-*", "apps"), true, true, "alice", AT);

    store().put(targetId, grant);

    assertThat(store().list(targetId)).containsExactly(grant);
  }

  @Test
  void aSecondGrantToTheSameSpaceReplacesTheFirst() {
    store().put(targetId, grant(spaceA, TargetUse.APPLY));
    TargetGrant second = new TargetGrant(spaceA, Set.of(TargetUse.READ_LIVE), List.of("apps"), false, false, "bob",
        AT.plusSeconds(60));

    store().put(targetId, second);

    assertThat(store().list(targetId)).containsExactly(second);
  }

  @Test
  void theGrantToEverySpaceListsFirstThenTheSpacesInOrder() {
    TargetGrant b = grant(spaceB, TargetUse.APPLY);
    TargetGrant every = grant(TargetGrant.EVERY_SPACE, TargetUse.READ_LIVE);
    TargetGrant a = grant(spaceA, TargetUse.IMPORT);

    store().put(targetId, b);
    store().put(targetId, every);
    store().put(targetId, a);

    assertThat(store().list(targetId)).containsExactly(every, a, b);
  }

  @Test
  void aTargetWithoutGrantsAndAnUnknownTargetListNone() {
    assertThat(store().list(targetId)).isEmpty();
    assertThat(store().list(UUID.randomUUID())).isEmpty();
  }

  @Test
  void aTargetsGrantsAreItsOwn() {
    UUID other = target(slug("other"));
    TargetGrant mine = grant(spaceA, TargetUse.APPLY);
    TargetGrant theirs = grant(spaceA, TargetUse.IMPORT);

    store().put(targetId, mine);
    store().put(other, theirs);

    assertThat(store().list(targetId)).containsExactly(mine);
    assertThat(store().list(other)).containsExactly(theirs);
  }

  @Test
  void removingASpacesGrantLeavesTheOthersAndSaysWhetherThereWasOne() {
    TargetGrant every = grant(TargetGrant.EVERY_SPACE, TargetUse.READ_LIVE);
    TargetGrant b = grant(spaceB, TargetUse.APPLY);
    store().put(targetId, grant(spaceA, TargetUse.APPLY));
    store().put(targetId, every);
    store().put(targetId, b);

    assertThat(store().remove(targetId, spaceA)).isTrue();
    assertThat(store().remove(targetId, spaceA)).isFalse();
    assertThat(store().remove(targetId, slug("nowhere"))).isFalse();
    assertThat(store().list(targetId)).containsExactly(every, b);
  }

  @Test
  void removingTheGrantToEverySpaceLeavesTheSpacesOwn() {
    TargetGrant a = grant(spaceA, TargetUse.APPLY);
    store().put(targetId, grant(TargetGrant.EVERY_SPACE, TargetUse.READ_LIVE));
    store().put(targetId, a);

    assertThat(store().remove(targetId, TargetGrant.EVERY_SPACE)).isTrue();
    assertThat(store().remove(targetId, TargetGrant.EVERY_SPACE)).isFalse();
    assertThat(store().list(targetId)).containsExactly(a);
  }

  @Test
  void aSpaceFindsItsOwnGrantAndTheGrantToEverySpace() {
    TargetGrant a = grant(spaceA, TargetUse.APPLY);
    TargetGrant every = grant(TargetGrant.EVERY_SPACE, TargetUse.READ_LIVE);
    store().put(targetId, a);
    store().put(targetId, every);

    // in no particular order: the caller merges them
    assertThat(store().forSpace(target, spaceA)).containsExactlyInAnyOrder(a, every);
  }

  @Test
  void aGrantForOneSpaceDoesNotCoverAnother() {
    store().put(targetId, grant(spaceA, TargetUse.APPLY));

    assertThat(store().forSpace(target, spaceB)).isEmpty();
    assertThat(store().forSpace(target, slug("nowhere"))).isEmpty();
  }

  @Test
  void aGrantOnOneTargetDoesNotCoverAnother() {
    String other = slug("other");
    target(other);
    store().put(targetId, grant(spaceA, TargetUse.APPLY));
    store().put(targetId, grant(TargetGrant.EVERY_SPACE, TargetUse.APPLY));

    assertThat(store().forSpace(other, spaceA)).isEmpty();
    assertThat(store().forSpace(slug("unregistered"), spaceA)).isEmpty();
  }

  @Test
  void aSpaceHasAnIdAndAnUnknownOneHasNone() {
    String space = slug("c");
    UUID id = space(space);

    assertThat(store().spaceId(space)).contains(id);
    assertThat(store().spaceId(slug("nowhere"))).isEmpty();
  }

  @Test
  void aGrantToAnUnknownSpaceOrOnAnUnknownTargetIsRefusedAndNothingIsStored() {
    assertThatThrownBy(() -> store().put(targetId, grant(slug("nowhere"), TargetUse.APPLY)))
        .isInstanceOf(RuntimeException.class);
    UUID unknownTarget = UUID.randomUUID();
    assertThatThrownBy(() -> store().put(unknownTarget, grant(spaceA, TargetUse.APPLY)))
        .isInstanceOf(RuntimeException.class);

    assertThat(store().list(targetId)).isEmpty();
    assertThat(store().list(unknownTarget)).isEmpty();
  }

  /** Each method is atomic: a replacement that fails takes nothing away. */
  @Test
  void aReplacementTheStoreRefusesLeavesTheGrantBefore() {
    TargetGrant before = grant(spaceA, TargetUse.APPLY);
    store().put(targetId, before);

    assertThatThrownBy(() -> store().put(targetId, new TargetGrant(spaceA, Set.of(TargetUse.IMPORT), List.of("*"),
        false, false, null, AT))).as("a grant that says nobody granted it").isInstanceOf(RuntimeException.class);

    assertThat(store().list(targetId)).containsExactly(before);
  }

  /** Two admins granting one space at once: no error, and the space holds one of their grants, whole. */
  @Test
  void concurrentGrantsToOneSpaceLeaveOneOfThemAndNoneFails() {
    for (String space : List.of(spaceA, TargetGrant.EVERY_SPACE)) {
      List<TargetGrant> grants = Concurrently.run(8, caller -> {
        TargetGrant grant = new TargetGrant(space, Set.of(TargetUse.APPLY), List.of("ns-" + caller), false, false,
            "admin-" + caller, AT);
        store().put(targetId, grant);
        return grant;
      });

      assertThat(store().list(targetId)).filteredOn(grant -> grant.space().equals(space)).singleElement()
          .isIn(grants);
    }
  }

  private String slug(String prefix) {
    return prefix + "-" + suffix;
  }

  private static TargetGrant grant(String space, TargetUse use) {
    return new TargetGrant(space, Set.of(use), List.of("*"), false, false, "admin", AT);
  }
}
