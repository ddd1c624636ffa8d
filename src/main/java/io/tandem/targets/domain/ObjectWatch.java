package io.tandem.targets.domain;

/** A running watch of one {@link WatchScope}; closing it stops the events. */
public interface ObjectWatch extends AutoCloseable {

  @Override
  void close();
}
