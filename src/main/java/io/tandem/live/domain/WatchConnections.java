package io.tandem.live.domain;

import io.tandem.common.error.TandemException;
import io.tandem.targets.domain.ClusterWatches;
import io.tandem.targets.domain.TargetService;
import io.tandem.targets.domain.WatchSession;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The watches' sessions, one per target: closing one closes its watches. */
final class WatchConnections {

  private static final Logger log = LoggerFactory.getLogger(WatchConnections.class);

  private final Map<String, WatchSession> sessions = new ConcurrentHashMap<>();
  private final ClusterWatches clusters;
  private final TargetService targets;

  WatchConnections(ClusterWatches clusters, TargetService targets) {
    this.clusters = clusters;
    this.targets = targets;
  }

  WatchSession of(String target) {
    return sessions.computeIfAbsent(target, clusters::connect);
  }

  /**
   * Closes the sessions of targets whose credentials changed since they were connected (patched, or the sandbox
   * registered on a new port at a restart), so that they are watched again with new ones instead of reconnecting to
   * where they were.
   *
   * @return the targets whose sessions were closed
   */
  List<String> dropChanged() {
    List<String> dropped = new ArrayList<>();
    for (String target : List.copyOf(sessions.keySet())) {
      Instant current;
      try {
        current = targets.get(target).updatedAt();
      } catch (TandemException gone) {
        current = null;
      }
      if (!sessions.get(target).target().updatedAt().equals(current)) {
        log.debug("Target {} changed since it was connected; watching it again", target);
        sessions.remove(target).close();
        dropped.add(target);
      }
    }
    return dropped;
  }

  /** Closes the sessions of the targets not in {@code used}. */
  void retain(Collection<String> used) {
    for (String target : List.copyOf(sessions.keySet())) {
      if (!used.contains(target)) {
        sessions.remove(target).close();
      }
    }
  }

  void closeAll() {
    retain(List.of());
  }
}
