package io.tandem.workers.domain;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;

/**
 * {@link WorkerStore} in memory, for tests ({@link WorkerStoreContract}). Every method holds the store's lock, which
 * makes each atomic; {@link InMemoryWorkerCallStore} reads the workers (their current start) from here.
 */
public final class InMemoryWorkerStore implements WorkerStore {

  private final Map<String, ClusterWorker> byName = new TreeMap<>();

  @Override
  public synchronized boolean insert(ClusterWorker worker) {
    if (byId(worker.id()).isPresent()) {
      throw new IllegalArgumentException("worker id " + worker.id() + " is taken");
    }
    return byName.putIfAbsent(worker.name(), worker) == null;
  }

  @Override
  public synchronized Optional<ClusterWorker> find(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  @Override
  public synchronized List<ClusterWorker> list() {
    return new ArrayList<>(byName.values());
  }

  @Override
  public synchronized boolean seen(UUID id, String version, String boot, Instant at) {
    Optional<ClusterWorker> found = byId(id);
    if (found.isEmpty()) {
      return false;
    }
    ClusterWorker old = found.get();
    byName.put(old.name(), new ClusterWorker(old.id(), old.name(), old.tokenId(), old.tokenPrefix(), old.createdBy(),
        old.createdAt(), at, version, boot));
    return old.boot() != null && !Objects.equals(old.boot(), boot);
  }

  @Override
  public synchronized boolean delete(String name) {
    return byName.remove(name) != null;
  }

  /** The worker with this id, as the call store's queries join it. */
  synchronized Optional<ClusterWorker> byId(UUID id) {
    return byName.values().stream().filter(worker -> worker.id().equals(id)).findFirst();
  }
}
