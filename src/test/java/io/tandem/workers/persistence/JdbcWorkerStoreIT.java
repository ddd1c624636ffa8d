package io.tandem.workers.persistence;

import io.tandem.support.TandemIT;
import io.tandem.workers.domain.WorkerStore;
import io.tandem.workers.domain.WorkerStoreContract;
import org.springframework.beans.factory.annotation.Autowired;

/** {@link WorkerStoreContract} on {@link JdbcWorkerStore} over PostgreSQL. */
@TandemIT
class JdbcWorkerStoreIT extends WorkerStoreContract {

  @Autowired WorkerStore store;

  @Override
  protected WorkerStore store() {
    return store;
  }
}
