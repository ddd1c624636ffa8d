package io.tandem.unit.domain;

import io.tandem.common.concurrency.ExpectedVersion;
import java.util.Optional;
import java.util.function.Function;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Computes a change of a unit from the unit's state and writes it: from the state locked, in the caller's transaction
 * or one of its own, or, where the change allows, first from the state this server's last write of the unit left,
 * without a lock. A change always sees the unit as it is when written: under the lock nothing else can write it, and a
 * write from the remembered state is refused by the store, having written nothing, when anything wrote the unit's row
 * since. That write is one statement, so outside a transaction it commits by itself: one round trip, where a
 * transaction takes another for its commit.
 */
@Component
class ChangeWriter {

  private final UnitStore store;
  private final UnitQueries units;
  private final UnitViewQueries views;
  private final RevisionCompleter completer;
  private final TransactionTemplate transaction;

  ChangeWriter(UnitStore store, UnitQueries units, UnitViewQueries views, RevisionCompleter completer,
      TransactionTemplate transaction) {
    this.store = store;
    this.units = units;
    this.views = views;
    this.completer = completer;
    this.transaction = transaction;
  }

  /** As {@link #changed}, with the unit's view also when nothing changed (read then). */
  UnitView change(String space, String slug, Long expectedVersion, Function<Unit, UnitChange> change) {
    Changed changed = lockAndWrite(space, slug, expectedVersion, change);
    return changed.view() != null ? changed.view() : views.view(changed.unit());
  }

  /**
   * As {@link #change}, first computed from the unit as this server last wrote it, when {@code change} may be: it
   * reads nothing of the unit's that its row does not hold, writes nothing, and refuses only the request itself. When
   * the row moved on, or there is nothing to write (which only the locked state may tell), it is computed again under
   * the lock.
   */
  UnitView changeFromLastWritten(String space, String slug, Long expectedVersion, Function<Unit, UnitChange> change) {
    Optional<Changed> written = store.lastWritten(space, slug)
        .filter(base -> expectedVersion == null || expectedVersion == base.unit().version())
        .flatMap(base -> write(base, change));
    return written.isPresent() ? written.get().view() : change(space, slug, expectedVersion, change);
  }

  /**
   * As {@link #changed}, first computed from {@code read}, the unit as just read ({@link UnitStore#read}) and written
   * if its row is still that version; else computed again under the lock. A change that finds nothing to write
   * reports the unit as read, which is what any read at that moment would have found.
   */
  Unit changedFromRead(UnitStore.Base read, Function<Unit, UnitChange> change) {
    UnitChange result = change.apply(read.unit());
    if (result.isNone()) {
      return read.unit();
    }
    return written(read, result).map(Changed::unit)
        .orElseGet(() -> changed(read.unit().space(), read.unit().slug(), null, change));
  }

  /**
   * Locks the unit, checks the expected version, computes the change from the locked state, completes its revision
   * (links, gates) and writes revision and head; the unit after it. Anything thrown on the way rolls all of it back.
   */
  Unit changed(String space, String slug, Long expectedVersion, Function<Unit, UnitChange> change) {
    return lockAndWrite(space, slug, expectedVersion, change).unit();
  }

  /** In the caller's transaction, or in one of its own when there is none. */
  private Changed lockAndWrite(String space, String slug, Long expectedVersion, Function<Unit, UnitChange> change) {
    return transaction.execute(status -> {
      UnitStore.Base locked = store.lock(space, slug).orElseThrow(() -> units.unitNotFound(space, slug));
      ExpectedVersion.check(expectedVersion, locked.unit().version(), "unit '" + slug + "'");
      return write(locked, change).orElseThrow(
          () -> new IllegalStateException("Unit " + locked.unit().id() + " changed while locked"));
    });
  }

  /**
   * The change computed from {@code base}, completed and written. Empty when {@code base} is remembered rather than
   * locked and nothing was written: nothing to write, or the row moved on.
   */
  private Optional<Changed> write(UnitStore.Base base, Function<Unit, UnitChange> change) {
    UnitChange result = change.apply(base.unit());
    if (result.isNone()) {
      return base.locked() ? Optional.of(new Changed(base.unit(), null)) : Optional.empty();
    }
    return written(base, result);
  }

  /** {@code result}, a change computed from {@code base}, completed and written; empty when the row moved on. */
  private Optional<Changed> written(UnitStore.Base base, UnitChange result) {
    Unit current = base.unit();
    NewRevision revision = result.revision() == null ? null : completer.complete(base, result.revision());
    UnitMetadata metadata = result.metadata() != null ? result.metadata() : current.metadata();
    return store.advance(base, metadata, revision, result.at()).map(view -> new Changed(view.unit(), view));
  }

  /** The unit after a change, and its view when the change wrote it (none when nothing changed). */
  private record Changed(Unit unit, UnitView view) {}
}
