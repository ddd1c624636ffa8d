package io.tandem.action.domain;

import java.util.Collection;
import java.util.Optional;
import java.util.UUID;

/**
 * Queues the server's own refreshes (a watch's event, a periodic pass, a resumed unit): each only for an applied unit
 * with no open action, so a burst of reasons, or several replicas with the same one, queue one refresh.
 */
public interface RefreshQueue {

  /**
   * Queues a background refresh for every applied unit on a target that has no open action, at most {@code limit};
   * returns how many.
   */
  int enqueueBackgroundRefreshes(int limit);

  /**
   * Queues a background refresh for at most {@code limit} applied units on {@code targets} with no open action,
   * other than the units in {@code unchanged}.
   */
  int enqueueBackgroundRefreshesOn(Collection<String> targets, Collection<UUID> unchanged, int limit);

  /** Queues a background refresh for every applied unit of a space that has no open action; how many. */
  int enqueueBackgroundRefreshesInSpace(String space);

  /** Queues a background refresh for one unit, unless it has an open action already; the id of the one it queued. */
  Optional<UUID> enqueueBackgroundRefresh(UUID unitId);
}
