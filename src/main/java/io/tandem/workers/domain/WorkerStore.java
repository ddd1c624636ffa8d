package io.tandem.workers.domain;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Persistence of workers. Every method is atomic on its own. */
public interface WorkerStore {

  /** {@code false} when the name is taken; nothing is written then. */
  boolean insert(ClusterWorker worker);

  Optional<ClusterWorker> find(String name);

  List<ClusterWorker> list();

  /**
   * Records that the worker asked for work, with the version and the start ({@code boot}) it said; whether that start
   * is another than the one recorded before (a restart, when one was).
   */
  boolean seen(UUID id, String version, String boot, Instant at);

  boolean delete(String name);
}
