package io.tandem.workers.persistence;

import io.tandem.support.TandemIT;
import io.tandem.workers.domain.WorkerCallStore;
import io.tandem.workers.domain.WorkerCallStoreContract;
import io.tandem.workers.domain.WorkerStore;
import org.springframework.beans.factory.annotation.Autowired;

/** {@link WorkerCallStoreContract} on {@link JdbcWorkerCallStore} (and {@link JdbcWorkerStore}) over PostgreSQL. */
@TandemIT
class JdbcWorkerCallStoreIT extends WorkerCallStoreContract {

  @Autowired WorkerStore workers;
  @Autowired WorkerCallStore calls;

  @Override
  protected WorkerStore workers() {
    return workers;
  }

  @Override
  protected WorkerCallStore calls() {
    return calls;
  }
}
