package io.tandem.common.tx;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.transaction.support.TransactionSynchronizationManager;

class CarriedInsertsTest {

  private final Row offered = new Row();
  private final CarriedInserts inserts =
      new CarriedInserts(List.of(Optional::empty, () -> offered.claim() ? Optional.of(offered) : Optional.empty()));

  @AfterEach
  void clear() {
    if (TransactionSynchronizationManager.isSynchronizationActive()) {
      TransactionSynchronizationManager.clearSynchronization();
    }
    TransactionSynchronizationManager.setActualTransactionActive(false);
  }

  @Test
  void outsideATransactionTheStatementCarriesWhatASourceOffersForItsOwnCommit() {
    assertThat(inserts.take()).containsSame(offered);
    assertThat(inserts.take()).isEmpty();
  }

  @Test
  void outsideATransactionAndWithNothingOfferedThereIsNothingToTake() {
    offered.free = false;

    assertThat(inserts.take()).isEmpty();
  }

  @Test
  void inATransactionEachOfItsInsertsIsTakenOnceInTheOrderRegisteredAndNothingOffered() {
    beginTransaction();
    Row first = new Row();
    Row second = new Row();
    TransactionSynchronizationManager.registerSynchronization(first);
    TransactionSynchronizationManager.registerSynchronization(second);

    assertThat(inserts.take()).containsSame(first);
    assertThat(inserts.take()).containsSame(second);
    assertThat(inserts.take()).isEmpty();
    assertThat(offered.free).isTrue();
  }

  @Test
  void anInsertThatRefusesItsClaimIsNotTaken() {
    beginTransaction();
    Row written = new Row();
    written.free = false;
    TransactionSynchronizationManager.registerSynchronization(written);

    assertThat(inserts.take()).isEmpty();
  }

  @Test
  void aSuspendedTransactionsInsertIsNotTakenByTheOneRunningInItsPlace() {
    beginTransaction();
    TransactionSynchronizationManager.registerSynchronization(new Row());
    // what a transaction manager does for REQUIRES_NEW: the outer transaction's synchronizations are set aside
    var suspended = TransactionSynchronizationManager.getSynchronizations();
    TransactionSynchronizationManager.clearSynchronization();
    TransactionSynchronizationManager.initSynchronization();

    assertThat(inserts.take()).isEmpty();

    TransactionSynchronizationManager.clearSynchronization();
    TransactionSynchronizationManager.initSynchronization();
    suspended.forEach(TransactionSynchronizationManager::registerSynchronization);
    assertThat(inserts.take()).isPresent();
  }

  private static void beginTransaction() {
    TransactionSynchronizationManager.initSynchronization();
    TransactionSynchronizationManager.setActualTransactionActive(true);
  }

  private static final class Row implements CarriedInsert.InTransaction {

    boolean free = true;

    @Override
    public String sql(String condition) {
      return "insert into t (v) select :carriedV where " + condition + " returning id";
    }

    @Override
    public Map<String, Object> parameters() {
      return Map.of("carriedV", 1);
    }

    @Override
    public void carried(long id) {}

    @Override
    public boolean claim() {
      boolean was = free;
      free = false;
      return was;
    }
  }
}
