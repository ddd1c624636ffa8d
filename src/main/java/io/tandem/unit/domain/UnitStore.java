package io.tandem.unit.domain;

import io.tandem.common.paging.PageRequest;
import io.tandem.space.domain.Suspension;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Persistence of units and their revisions; it holds no transaction of its own and calls nothing back.
 *
 * <p>Revisions are append-only. A change is written by {@link #advance} in one statement, so that the unit's head moves
 * only together with the insert of the revision it points to, computed from the row as it is: locked by {@link #lock}
 * in the caller's transaction (a locked state is written only in one), or remembered ({@link #lastWritten}) and
 * checked by the statement itself, which then needs no transaction and, outside one, commits by itself. Writers of one
 * unit are serialised, so no change is lost and revision numbers have neither gaps nor duplicates. Data is stored once
 * per distinct content (SHA-256).
 */
public interface UnitStore {

  /**
   * Inserts a unit with its first revision (revision 1, with its gates); {@code false} when its slug is taken, and
   * then nothing is written.
   */
  boolean insert(UUID spaceId, Unit unit, NewRevision first);

  Optional<Unit> find(String space, String slug, boolean withData);

  /** A unit's name: its space and slug. */
  record UnitKey(String space, String unit) {}

  /** Those of {@code keys} that exist, with their head data if asked, in no particular order. */
  List<Unit> findAll(Collection<UnitKey> keys, boolean withData);

  /** The units {@code where} selects, in one space or (space {@code null}) in all, ordered by space and slug. */
  List<UnitKey> select(String space, UnitFilter.Checked filter);

  /**
   * Locks the unit's row until the transaction ends and reads it, with its head data and the version of its space's
   * checks. Empty when the unit does not exist.
   */
  Optional<Base> lock(String space, String slug);

  /**
   * The unit as this server's last change of it left it, from memory: no query and no lock. A change computed from it
   * is written by {@link #advance} only if the unit's row is still exactly that (nothing wrote it since, here or
   * elsewhere); otherwise nothing is written and the caller locks. Empty when this server holds no such state.
   */
  Optional<Base> lastWritten(String space, String slug);

  /**
   * The states changes of these units of a space may be computed from, read together without a lock, of those that
   * exist, in no particular order. Each carries its row's version: a write from it ({@link #advance}) is refused,
   * having written nothing, when anything wrote the row since.
   */
  List<Base> read(String space, Collection<String> slugs);

  /**
   * The state a change is computed from: the unit with its head data, and the version of its space's checks read with
   * it ({@link RevisionChecks}). {@code rowVersion} is null when the unit's row is locked ({@link #lock}); from {@link
   * #lastWritten} or {@link #read}, it is the store's mark of the row's version that the state is of.
   */
  record Base(Unit unit, long checksVersion, String rowVersion) {

    public boolean locked() {
      return rowVersion == null;
    }
  }

  /**
   * Gives the unit of {@code base} {@code metadata} and a version one higher, when its row is still the one read
   * (locked: its version is unchanged; remembered: nothing wrote it since); with a {@code revision}, also writes it as
   * the next revision (its data once per content, its gates) and makes it the head. The unit as changed, with what its
   * response shows beside it; empty, with nothing written, when the row moved on (a locked one cannot, so the caller
   * then rolls back).
   */
  Optional<UnitView> advance(Base base, UnitMetadata metadata, NewRevision revision, Instant at);

  /** Deletes a unit and its revisions. */
  void delete(UUID unitId);

  /**
   * Records the apply counters: {@code lastApplied}, and, when {@code live} is not null, the live revision (the
   * previous live one moves to previousLive when it changes). Counters are the server's observations, not changes to
   * the unit: the version stays.
   */
  void recordApply(UUID unitId, int lastApplied, Integer live);

  /** After a destroy: nothing of the unit is live any more; the previous live revision is remembered. */
  void recordDestroyed(UUID unitId);

  /** Suspends the unit with {@code suspension}, or resumes it ({@code null}); its version stays. */
  void suspend(UUID unitId, Suspension suspension);

  /** What stops the unit's automatic actions: its own suspension, else its space's; empty when neither. */
  Optional<UnitSuspension> suspension(UUID unitId);

  /** Revisions newest first, before {@code page.afterNumber()}, at most {@code page.limit() + 1}; without data. */
  List<Revision> revisions(UUID unitId, PageRequest page);

  /** One revision with its data and mutations. */
  Optional<Revision> revision(UUID unitId, int num);

  /** The data of one revision. */
  Optional<String> data(UUID unitId, int num);
}
