package io.tandem.workers.domain;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** Persistence of the calls waiting for, or answered by, workers. Every method is atomic on its own. */
public interface WorkerCallStore {

  void insert(WorkerCall call, Instant at);

  /**
   * Marks up to {@code limit} of the worker's pending calls sent, oldest first, and returns them; none while the
   * worker's current start is another than {@code boot}.
   */
  List<WorkerCall> claim(UUID workerId, String boot, int limit, Instant at);

  /**
   * Makes pending again the calls sent to the worker's current start ({@code boot}) that are not answered and not among
   * those it says it holds: the answer of the poll that sent them, or its own answer, was lost on the way. Nothing
   * while the worker's current start is another. How many.
   */
  int resendLost(UUID workerId, String boot, Collection<UUID> holding);

  /** Records the response to a call sent to this worker; {@code false} when there is no such call waiting. */
  boolean answer(UUID id, UUID workerId, String response, Instant at);

  /** The response, once the call is answered. */
  Optional<String> response(UUID id);

  void delete(UUID id);

  /** Answers every call sent to the worker and not answered with {@code response}; how many. */
  int answerSent(UUID workerId, String response, Instant at);

  /** How many calls wait for each worker that has any, not yet fetched ({@code pending}) and fetched ({@code sent}). */
  Map<UUID, Depth> depths();

  /** A worker's queue: calls not yet fetched, and fetched but not answered. */
  record Depth(int pending, int sent) {
    public static final Depth EMPTY = new Depth(0, 0);
  }

  /** Deletes calls created before {@code before} (their askers gave up long ago); how many. */
  int deleteOlderThan(Instant before);
}
