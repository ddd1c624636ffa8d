package io.tandem.unit.persistence;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/** At start-up, computes the structured projection of units written before it existed (see V003). */
@Component
class HeadProjectionBackfill implements ApplicationRunner {

  private static final Logger log = LoggerFactory.getLogger(HeadProjectionBackfill.class);

  private final HeadObjects store;
  private final TransactionTemplate transaction;

  HeadProjectionBackfill(HeadObjects store, TransactionTemplate transaction) {
    this.store = store;
    this.transaction = transaction;
  }

  @Override
  public void run(ApplicationArguments args) {
    int total = 0;
    for (int done = batch(); done > 0; done = batch()) {
      total += done;
    }
    if (total > 0) {
      log.info("Projected the head data of {} units for data queries", total);
    }
  }

  private int batch() {
    return transaction.execute(status -> store.projectMissingHeads(500));
  }
}
