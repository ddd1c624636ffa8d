package io.tandem.workers.domain;

import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * {@link WorkerCallStore} in memory, for tests ({@link WorkerCallStoreContract}). Calls belong to workers of an
 * {@link InMemoryWorkerStore}: a call for a worker it does not hold is refused, and a deleted worker's calls go with
 * it. Every method holds this store's lock (and, inside it, briefly the worker store's), which makes each atomic.
 */
public final class InMemoryWorkerCallStore implements WorkerCallStore {

  private enum Status { PENDING, SENT, DONE }

  private record Row(WorkerCall call, Instant createdAt, Status status, String response) {

    Row with(Status status, String response) {
      return new Row(call, createdAt, status, response);
    }
  }

  private final InMemoryWorkerStore workers;
  private final Map<UUID, Row> rows = new LinkedHashMap<>();

  public InMemoryWorkerCallStore(InMemoryWorkerStore workers) {
    this.workers = workers;
  }

  @Override
  public synchronized void insert(WorkerCall call, Instant at) {
    forgetDeletedWorkers();
    if (workers.byId(call.workerId()).isEmpty()) {
      throw new IllegalArgumentException("no worker " + call.workerId());
    }
    if (rows.containsKey(call.id())) {
      throw new IllegalArgumentException("call id " + call.id() + " is taken");
    }
    Objects.requireNonNull(call.target(), "target");
    Objects.requireNonNull(call.operation(), "operation");
    Objects.requireNonNull(call.request(), "request");
    rows.put(call.id(), new Row(call, Objects.requireNonNull(at, "at"), Status.PENDING, null));
  }

  @Override
  public synchronized List<WorkerCall> claim(UUID workerId, String boot, int limit, Instant at) {
    forgetDeletedWorkers();
    boolean current = workers.byId(workerId).filter(worker -> Objects.equals(worker.boot(), boot)).isPresent();
    if (!current) {
      return List.of();
    }
    List<Row> claimed = rows.values().stream()
        .filter(row -> row.call().workerId().equals(workerId) && row.status() == Status.PENDING)
        .sorted(Comparator.comparing(Row::createdAt))
        .limit(limit)
        .toList();
    claimed.forEach(row -> rows.put(row.call().id(), row.with(Status.SENT, null)));
    return claimed.stream().map(Row::call).toList();
  }

  @Override
  public synchronized int resendLost(UUID workerId, String boot, Collection<UUID> holding) {
    forgetDeletedWorkers();
    boolean current = workers.byId(workerId).filter(worker -> Objects.equals(worker.boot(), boot)).isPresent();
    if (!current) {
      return 0;
    }
    List<Row> lost = rows.values().stream()
        .filter(row -> row.call().workerId().equals(workerId) && row.status() == Status.SENT
            && !holding.contains(row.call().id()))
        .toList();
    lost.forEach(row -> rows.put(row.call().id(), row.with(Status.PENDING, null)));
    return lost.size();
  }

  @Override
  public synchronized boolean answer(UUID id, UUID workerId, String response, Instant at) {
    forgetDeletedWorkers();
    Row row = rows.get(id);
    if (row == null || !row.call().workerId().equals(workerId) || row.status() != Status.SENT) {
      return false;
    }
    rows.put(id, row.with(Status.DONE, response));
    return true;
  }

  @Override
  public synchronized Optional<String> response(UUID id) {
    forgetDeletedWorkers();
    return Optional.ofNullable(rows.get(id)).filter(row -> row.status() == Status.DONE).map(Row::response);
  }

  @Override
  public synchronized void delete(UUID id) {
    rows.remove(id);
  }

  @Override
  public synchronized int answerSent(UUID workerId, String response, Instant at) {
    forgetDeletedWorkers();
    List<Row> sent = rows.values().stream()
        .filter(row -> row.call().workerId().equals(workerId) && row.status() == Status.SENT)
        .toList();
    sent.forEach(row -> rows.put(row.call().id(), row.with(Status.DONE, response)));
    return sent.size();
  }

  @Override
  public synchronized Map<UUID, Depth> depths() {
    forgetDeletedWorkers();
    return rows.values().stream()
        .filter(row -> row.status() != Status.DONE)
        .collect(Collectors.toMap(row -> row.call().workerId(), InMemoryWorkerCallStore::depth,
            (a, b) -> new Depth(a.pending() + b.pending(), a.sent() + b.sent())));
  }

  @Override
  public synchronized int deleteOlderThan(Instant before) {
    int size = rows.size();
    rows.values().removeIf(row -> row.createdAt().isBefore(before));
    return size - rows.size();
  }

  private static Depth depth(Row row) {
    return row.status() == Status.PENDING ? new Depth(1, 0) : new Depth(0, 1);
  }

  /** What the database's {@code on delete cascade} does when a worker goes. */
  private void forgetDeletedWorkers() {
    rows.values().removeIf(row -> workers.byId(row.call().workerId()).isEmpty());
  }
}
