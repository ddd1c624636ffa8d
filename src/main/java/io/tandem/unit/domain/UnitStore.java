package io.tandem.unit.domain;

import io.tandem.common.web.PageRequest;
import io.tandem.query.WhereSql;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Persistence of units and their revisions.
 *
 * <p>Revisions are append-only. A unit's head moves only together with the insert of the revision it points to, in
 * one transaction, while the unit's row is locked: writers of one unit are serialised, so no change is lost and
 * revision numbers have neither gaps nor duplicates. Data is stored once per distinct content (SHA-256).
 */
public interface UnitStore {

  /** Inserts a unit with its first revision; {@code false} when its slug is taken, and then nothing is written. */
  boolean insert(UUID spaceId, Unit unit, NewRevision first);

  Optional<Unit> find(String space, String slug, boolean withData);

  /**
   * Units of a space that match {@code where}, ordered by slug, after {@code page.after()}, at most {@code
   * page.limit() + 1}.
   */
  List<Unit> list(String space, PageRequest page, boolean withData, WhereSql where);

  /** A unit's name: its space and slug. */
  record UnitKey(String space, String unit) {}

  /** The units {@code where} selects, in one space or (space {@code null}) in all, ordered by space and slug. */
  List<UnitKey> select(String space, WhereSql where);

  /**
   * Changes a unit atomically: locks it, passes its current state (with head data) to {@code change}, and writes
   * what that returns: metadata, a new head revision, and a version one higher. When {@code change} throws, nothing
   * is written. Empty when the unit does not exist.
   */
  Optional<Unit> change(String space, String slug, Function<Unit, UnitChange> change);

  /**
   * Deletes a unit and its revisions after {@code check} accepted its locked current state (it throws to refuse).
   * {@code false} when the unit does not exist.
   */
  boolean delete(String space, String slug, Consumer<Unit> check);

  /**
   * Records the apply counters: {@code lastApplied}, and, when {@code live} is not null, the live revision (the
   * previous live one moves to previousLive when it changes). Counters are the server's observations, not changes to
   * the unit: the version stays.
   */
  void recordApply(UUID unitId, int lastApplied, Integer live);

  /** After a destroy: nothing of the unit is live any more; the previous live revision is remembered. */
  void recordDestroyed(UUID unitId);

  /** Revisions newest first, before {@code page.afterNumber()}, at most {@code page.limit() + 1}; without data. */
  List<Revision> revisions(UUID unitId, PageRequest page);

  /** One revision with its data and mutations. */
  Optional<Revision> revision(UUID unitId, int num);

  /** The data of one revision. */
  Optional<String> data(UUID unitId, int num);
}
