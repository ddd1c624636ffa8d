package io.tandem.unit.persistence;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

/** At start-up, computes the structured projection of units written before it existed (see V003). */
@Component
class HeadProjectionBackfill implements ApplicationRunner {

  private static final Logger log = LoggerFactory.getLogger(HeadProjectionBackfill.class);

  private final JdbcUnitStore store;

  HeadProjectionBackfill(JdbcUnitStore store) {
    this.store = store;
  }

  @Override
  public void run(ApplicationArguments args) {
    int total = 0;
    for (int done = store.projectMissingHeads(500); done > 0; done = store.projectMissingHeads(500)) {
      total += done;
    }
    if (total > 0) {
      log.info("Projected the head data of {} units for data queries", total);
    }
  }
}
