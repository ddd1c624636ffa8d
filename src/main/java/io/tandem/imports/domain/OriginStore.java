package io.tandem.imports.domain;

import io.tandem.unit.domain.UnitStore.UnitKey;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The origins of units; credentials go in and out sealed. Every method is atomic on its own. */
public interface OriginStore {

  /** An origin and its sealed credentials (null: none). */
  @SuppressWarnings("ArrayRecordComponent") // sealed bytes passed through to the cipher, never compared
  record Stored(UnitOrigin origin, byte[] sealedCredentials) {}

  Optional<Stored> find(UUID unitId);

  /** Inserts or replaces the unit's origin. */
  void save(UnitOrigin origin, byte[] sealedCredentials);

  /** The commit and text taken; the error and conflict recorded before are gone. */
  void synced(UUID unitId, String commit, String text, Instant at);

  /** A check that took nothing: when, why it could not ({@code null}: no error), and the conflict it met, if any. */
  void checked(UUID unitId, Instant at, String error, UnitOrigin.Conflict conflict);

  boolean delete(UUID unitId);

  /**
   * Makes the origins of a repository (any of {@code urls}, compared without a trailing {@code /} or {@code .git} and
   * case aside) at any of {@code refs} due at once; how many.
   */
  int markDue(Collection<String> urls, Collection<String> refs);

  /** The units whose origins were last checked before {@code before}, the longest unchecked first. */
  List<UnitKey> due(Instant before, int limit);
}
