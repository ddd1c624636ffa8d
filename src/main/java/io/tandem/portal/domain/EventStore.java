package io.tandem.portal.domain;

import java.time.Instant;
import java.util.List;

/** The events the database's triggers write whenever a unit, action, gate or health changes; ids only grow. */
public interface EventStore {

  /** Events with an id above {@code after}, oldest first. */
  List<Event> after(long after, int limit);

  /** The event with {@code id}, or {@code null} when there is none (any more). */
  default Event get(long id) {
    return after(id - 1, 1).stream().filter(event -> event.id() == id).findFirst().orElse(null);
  }

  /** The newest event's id; 0 when there is none. */
  long lastId();

  /** Deletes the events older than {@code before}; how many. */
  int deleteBefore(Instant before);
}
