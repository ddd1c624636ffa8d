package io.tandem.workers.domain;

/** {@link WorkerCallStoreContract} on {@link InMemoryWorkerCallStore} over an {@link InMemoryWorkerStore}. */
class InMemoryWorkerCallStoreTest extends WorkerCallStoreContract {

  private final InMemoryWorkerStore workers = new InMemoryWorkerStore();
  private final InMemoryWorkerCallStore calls = new InMemoryWorkerCallStore(workers);

  @Override
  protected WorkerStore workers() {
    return workers;
  }

  @Override
  protected WorkerCallStore calls() {
    return calls;
  }
}
