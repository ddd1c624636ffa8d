package io.tandem.link.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link LinkStore} does: {@link InMemoryLinkStoreTest} runs it on the fake, {@code JdbcLinkStoreIT} on
 * PostgreSQL (the pattern is described on {@code TargetGrantStoreContract}). A link joins two units, so each test makes
 * its units through the backend, with the head data that {@link LinkStore#providerData} reads; space names are unique
 * to each test, since the JDBC run shares its database. Times are to the microsecond, as PostgreSQL keeps them.
 *
 * <p>A link {@code from → to} says that {@code from} needs {@code to}, its provider.
 */
public abstract class LinkStoreContract {

  private static final Instant T = Instant.parse("2025-03-01T10:00:00.123456Z");

  private final String suffix = UUID.randomUUID().toString().substring(0, 8);
  private final String space = "links-" + suffix;
  private final String otherSpace = "others-" + suffix;
  private UUID a;
  private UUID b;
  private UUID c;

  protected abstract LinkStore store();

  /** Makes a unit whose head data is {@code data} (its space too, when new); its id. */
  protected abstract UUID unit(String space, String slug, String data);

  /** Gives the unit a new head revision with {@code data}. */
  protected abstract void newHead(String space, String slug, String data);

  @BeforeEach
  void makeThreeUnits() {
    a = unit(space, "a", data("a", 1));
    b = unit(space, "b", data("b", 1));
    c = unit(space, "c", data("c", 1));
  }

  @Test
  void aLinkIsInsertedOnceAndKeepsItsFirstTime() {
    assertThat(store().insert(a, b, T)).isTrue();
    assertThat(store().insert(a, b, T.plusSeconds(60))).isFalse();

    assertThat(store().of(a)).containsExactly(new Link(space, "a", space, "b", T));
  }

  @Test
  void aUnitCannotLinkToItself() {
    assertThatThrownBy(() -> store().insert(a, a, T)).isInstanceOf(RuntimeException.class);

    assertThat(store().of(a)).isEmpty();
  }

  @Test
  void aLinkToOrFromAnUnknownUnitIsRefused() {
    UUID unknown = UUID.randomUUID();

    assertThatThrownBy(() -> store().insert(a, unknown, T)).isInstanceOf(RuntimeException.class);
    assertThatThrownBy(() -> store().insert(unknown, a, T)).isInstanceOf(RuntimeException.class);

    assertThat(store().of(a)).isEmpty();
  }

  @Test
  void aUnitsLinksAreToItsProvidersAndFromItsConsumersOldestFirst() {
    UUID d = unit(otherSpace, "d", data("d", 1));
    store().insert(a, c, T);
    store().insert(a, b, T.plusSeconds(3));
    store().insert(b, c, T.plusSeconds(1));
    store().insert(d, b, T.plusSeconds(2));

    assertThat(store().of(b)).containsExactly(
        new Link(space, "b", space, "c", T.plusSeconds(1)),
        new Link(otherSpace, "d", space, "b", T.plusSeconds(2)),
        new Link(space, "a", space, "b", T.plusSeconds(3)));
    assertThat(store().of(unit(space, "lonely", data("lonely", 1)))).isEmpty();
  }

  @Test
  void deletingALinkTakesThatLinkOnlyAndSaysWhetherThereWasOne() {
    store().insert(a, b, T);
    store().insert(b, c, T.plusSeconds(1));

    assertThat(store().delete(b, a)).as("the other way round").isFalse();
    assertThat(store().delete(a, b)).isTrue();
    assertThat(store().delete(a, b)).isFalse();

    assertThat(store().of(b)).containsExactly(new Link(space, "b", space, "c", T.plusSeconds(1)));
  }

  @Test
  void aUnitReachesWhatItNeedsDirectlyOrThroughOthersNeverTheReverse() {
    UUID d = unit(space, "d", data("d", 1));
    store().insert(a, b, T);
    store().insert(b, c, T);

    assertThat(store().reaches(a, b)).isTrue();
    assertThat(store().reaches(a, c)).isTrue();
    assertThat(store().reaches(c, a)).isFalse();
    assertThat(store().reaches(b, a)).isFalse();
    assertThat(store().reaches(a, d)).isFalse();
  }

  /** So a link from a unit to itself counts as a cycle. */
  @Test
  void aUnitReachesItself() {
    assertThat(store().reaches(a, a)).isTrue();
  }

  /** The store refuses no cycle (the service checks {@link LinkStore#reaches} first), and reaching ends on one. */
  @Test
  void reachingEndsOnACycleAlreadyStored() {
    store().insert(a, b, T);
    store().insert(b, a, T);

    assertThat(store().reaches(a, c)).isFalse();
    assertThat(store().reaches(b, a)).isTrue();
  }

  @Test
  void providerDataIsEachProvidersHeadDataInLinkOrder() {
    store().insert(a, c, T.plusSeconds(2));
    store().insert(a, b, T.plusSeconds(1));
    newHead(space, "c", data("c", 2));

    assertThat(store().providerData(a)).containsExactly(data("b", 1), data("c", 2));
    assertThat(store().providerData(c)).as("a provider's consumers provide it nothing").isEmpty();
  }

  @Test
  void providersAreTheLinksAmongTheGivenUnitsOnly() {
    UUID d = unit(space, "d", data("d", 1));
    store().insert(a, b, T);
    store().insert(a, c, T);
    store().insert(b, c, T);
    store().insert(d, a, T);

    assertThat(store().providers(List.of(a, b))).isEqualTo(Map.of(a, Set.of(b)));
    assertThat(store().providers(List.of(a, b, c))).isEqualTo(Map.of(a, Set.of(b, c), b, Set.of(c)));
    assertThat(store().providers(List.of(c))).isEmpty();
    assertThat(store().providers(List.of())).isEmpty();
  }

  /** A small Kubernetes object, different for each unit and version. */
  private static String data(String unit, int version) {
    return """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: %s
        data:
          version: "%d"
        """.formatted(unit, version);
  }
}
