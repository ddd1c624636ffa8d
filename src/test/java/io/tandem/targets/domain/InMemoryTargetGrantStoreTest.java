package io.tandem.targets.domain;

import java.util.UUID;

/** {@link TargetGrantStoreContract} on {@link InMemoryTargetGrantStore}. */
class InMemoryTargetGrantStoreTest extends TargetGrantStoreContract {

  private final InMemoryTargetGrantStore store = new InMemoryTargetGrantStore();

  @Override
  protected TargetGrantStore store() {
    return store;
  }

  @Override
  protected UUID target(String slug) {
    return store.addTarget(slug);
  }

  @Override
  protected UUID space(String slug) {
    return store.addSpace(slug);
  }
}
