package io.tandem.common.tx;

import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Finds the row a change's statement is to carry ({@link CarriedInsert}). In a transaction, it is the transaction's,
 * written at commit if no statement carries it. Outside one, the statement commits by itself, so the row can only be
 * written by it: a {@link CarriedInsert.Source} offers it, and nothing writes it if the statement does not.
 */
@Component
public class CarriedInserts {

  private final List<CarriedInsert.Source> sources;

  CarriedInserts(List<CarriedInsert.Source> sources) {
    this.sources = List.copyOf(sources);
  }

  /** The row the statement about to run is to carry, now taken by the caller; empty when there is none. */
  public Optional<CarriedInsert> take() {
    if (TransactionSynchronizationManager.isActualTransactionActive()) {
      return CarriedInsert.InTransaction.take();
    }
    for (CarriedInsert.Source source : sources) {
      Optional<CarriedInsert> insert = source.forOwnCommit();
      if (insert.isPresent()) {
        return insert;
      }
    }
    return Optional.empty();
  }
}
