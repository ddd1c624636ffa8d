package io.tandem.link.domain;

import java.util.UUID;

/** {@link LinkStoreContract} on {@link InMemoryLinkStore}. */
class InMemoryLinkStoreTest extends LinkStoreContract {

  private final InMemoryLinkStore store = new InMemoryLinkStore();

  @Override
  protected LinkStore store() {
    return store;
  }

  @Override
  protected UUID unit(String space, String slug, String data) {
    return store.addUnit(space, slug, data);
  }

  @Override
  protected void newHead(String space, String slug, String data) {
    store.newHead(space, slug, data);
  }
}
