package io.tandem.workers.domain;

/** {@link WorkerStoreContract} on {@link InMemoryWorkerStore}. */
class InMemoryWorkerStoreTest extends WorkerStoreContract {

  private final InMemoryWorkerStore store = new InMemoryWorkerStore();

  @Override
  protected WorkerStore store() {
    return store;
  }
}
