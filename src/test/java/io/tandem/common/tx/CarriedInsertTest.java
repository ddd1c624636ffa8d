package io.tandem.common.tx;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.transaction.support.TransactionSynchronizationManager;

class CarriedInsertTest {

  @AfterEach
  void clear() {
    if (TransactionSynchronizationManager.isSynchronizationActive()) {
      TransactionSynchronizationManager.clearSynchronization();
    }
  }

  @Test
  void outsideATransactionThereIsNothingToTake() {
    assertThat(CarriedInsert.take()).isEmpty();
  }

  @Test
  void eachInsertOfTheTransactionIsTakenOnceInTheOrderRegistered() {
    TransactionSynchronizationManager.initSynchronization();
    Row first = new Row();
    Row second = new Row();
    TransactionSynchronizationManager.registerSynchronization(first);
    TransactionSynchronizationManager.registerSynchronization(second);

    assertThat(CarriedInsert.take()).containsSame(first);
    assertThat(CarriedInsert.take()).containsSame(second);
    assertThat(CarriedInsert.take()).isEmpty();
  }

  @Test
  void anInsertThatRefusesItsClaimIsNotTaken() {
    TransactionSynchronizationManager.initSynchronization();
    Row written = new Row();
    written.free = false;
    TransactionSynchronizationManager.registerSynchronization(written);

    assertThat(CarriedInsert.take()).isEmpty();
  }

  @Test
  void aSuspendedTransactionsInsertIsNotTakenByTheOneRunningInItsPlace() {
    TransactionSynchronizationManager.initSynchronization();
    TransactionSynchronizationManager.registerSynchronization(new Row());
    // what a transaction manager does for REQUIRES_NEW: the outer transaction's synchronizations are set aside
    var suspended = TransactionSynchronizationManager.getSynchronizations();
    TransactionSynchronizationManager.clearSynchronization();
    TransactionSynchronizationManager.initSynchronization();

    assertThat(CarriedInsert.take()).isEmpty();

    TransactionSynchronizationManager.clearSynchronization();
    TransactionSynchronizationManager.initSynchronization();
    suspended.forEach(TransactionSynchronizationManager::registerSynchronization);
    assertThat(CarriedInsert.take()).isPresent();
  }

  private static final class Row implements CarriedInsert {

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
