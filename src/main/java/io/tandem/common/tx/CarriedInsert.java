package io.tandem.common.tx;

import java.util.Map;
import java.util.Optional;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * A row that must be written with a change, in the same commit, and that the change's statement may carry as one more
 * common table expression: one round trip less per write. A store whose statement can carry it takes it from {@link
 * CarriedInserts}, which finds the current transaction's ({@link InTransaction}) or, for a statement outside any
 * transaction, which commits by itself, one a {@link Source} offers.
 *
 * <p>A store that takes an insert either reports its id through {@link #carried}, or fails its statement, or gave a
 * condition under which its statement wrote no row: a change cannot commit with the row written and unreported.
 */
public interface CarriedInsert {

  /**
   * An insert of one row returning its {@code bigint} id as {@code id}, with named parameters that all begin with
   * {@code carried} (so that they cannot meet a carrier's own), that writes its row only where {@code condition} holds:
   * an SQL condition the carrier gives, which may read the carrier's earlier common table expressions.
   */
  String sql(String condition);

  Map<String, Object> parameters();

  /** The statement that carried the insert wrote the row {@code id}. */
  void carried(long id);

  /**
   * A transaction's insert, registered as a synchronization of the transaction (so a suspended transaction keeps its
   * own); at commit, its owner writes it itself unless it was {@link #carried}.
   */
  interface InTransaction extends CarriedInsert, TransactionSynchronization {

    /** Whether this insert is still free to carry; the first call that finds it free takes it. */
    boolean claim();

    /** The current transaction's insert that no statement has taken yet, now taken by the caller. */
    static Optional<CarriedInsert> take() {
      if (!TransactionSynchronizationManager.isSynchronizationActive()) {
        return Optional.empty();
      }
      for (TransactionSynchronization synchronization : TransactionSynchronizationManager.getSynchronizations()) {
        if (synchronization instanceof InTransaction insert && insert.claim()) {
          return Optional.of(insert);
        }
      }
      return Optional.empty();
    }
  }

  /** Gives the row a statement outside any transaction must carry: that statement's commit is the change's. */
  interface Source {

    /** The row for the statement about to run, when this source has one to write now; the caller takes it. */
    Optional<CarriedInsert> forOwnCommit();
  }
}
