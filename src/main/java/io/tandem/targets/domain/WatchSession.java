package io.tandem.targets.domain;

/** An open connection to a target's cluster for its watches, which share it; nothing is sent until a watch starts. */
public interface WatchSession extends AutoCloseable {

  Target target();

  /**
   * Lists the objects of {@code scope}, tells {@code listener} what the list found, then watches them from the list's
   * resource version. A broken watch resumes by itself from the last version it saw while that version exists.
   *
   * @throws RuntimeException when the cluster cannot be listed or watched
   */
  ObjectWatch watch(WatchScope scope, WatchListener listener);

  /** Closes the watches still open, gives them a moment to finish closing, and closes the connection. */
  @Override
  void close();
}
