package io.tandem.common.tx;

import java.util.Map;
import java.util.Optional;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * A row that must be written in the current transaction, before it commits, and that the transaction's main statement
 * may carry instead, as one more common table expression: one round trip less per write. A feature registers it as a
 * synchronization of the transaction (so a suspended transaction keeps its own); a store whose statement can carry it
 * {@link #take}s it; at commit, the owner writes it itself unless it was {@link #carried}.
 *
 * <p>A store that takes an insert either reports its id through {@link #carried}, or fails its statement, or gave a
 * condition under which its statement wrote no row (then the owner writes the row itself at commit): the transaction
 * cannot commit with the row written and unreported.
 */
public interface CarriedInsert extends TransactionSynchronization {

  /**
   * An insert of one row returning its {@code bigint} id as {@code id}, with named parameters that all begin with
   * {@code carried} (so that they cannot meet a carrier's own), that writes its row only where {@code condition} holds:
   * an SQL condition the carrier gives, which may read the carrier's earlier common table expressions.
   */
  String sql(String condition);

  Map<String, Object> parameters();

  /** The statement that carried the insert wrote the row {@code id}. */
  void carried(long id);

  /** Whether this insert is still free to carry; the first call that finds it free takes it. */
  boolean claim();

  /** The current transaction's insert that no statement has taken yet, now taken by the caller. */
  static Optional<CarriedInsert> take() {
    if (!TransactionSynchronizationManager.isSynchronizationActive()) {
      return Optional.empty();
    }
    for (TransactionSynchronization synchronization : TransactionSynchronizationManager.getSynchronizations()) {
      if (synchronization instanceof CarriedInsert insert && insert.claim()) {
        return Optional.of(insert);
      }
    }
    return Optional.empty();
  }
}
