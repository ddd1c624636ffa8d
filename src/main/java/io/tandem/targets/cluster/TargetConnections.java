package io.tandem.targets.cluster;

import io.tandem.common.error.TandemException;
import io.tandem.targets.domain.TargetService;
import org.springframework.stereotype.Component;

/** Kubernetes clients for targets, for code that uses the client itself (watches). */
@Component
public class TargetConnections {

  private final TargetService targets;
  private final ClusterConnector connector;

  TargetConnections(TargetService targets, ClusterConnector connector) {
    this.targets = targets;
    this.connector = connector;
  }

  /**
   * A client for a target's cluster; nothing is sent until it is used.
   *
   * @throws TandemException as {@link TargetService#connect(String, java.util.function.BiFunction)}
   */
  public Connection connect(String slug) {
    return targets.connect(slug, (target, credentials) -> {
      if (credentials.viaWorker()) {
        throw TandemException.conflict("Target '" + slug + "' is reached through worker '" + credentials.worker()
            + "', which the server cannot watch from here.");
      }
      return connector.connect(target, credentials);
    });
  }
}
