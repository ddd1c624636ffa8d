package io.tandem.targets.domain;

import java.time.Instant;
import java.util.UUID;

/**
 * A registered cluster, without its credentials.
 *
 * @param namespace the default namespace for objects that name none
 * @param reachable the outcome of the last health check, {@code null} before the first
 */
public record Target(
    UUID id,
    String slug,
    String server,
    String namespace,
    Boolean reachable,
    String serverVersion,
    Integer latencyMs,
    String lastError,
    Instant lastCheckedAt,
    Instant createdAt,
    Instant updatedAt) {

  public Target withHealth(ClusterHealth health) {
    return new Target(id, slug, server, namespace, health.reachable(), health.serverVersion(), health.latencyMs(),
        health.error(), health.checkedAt(), createdAt, updatedAt);
  }
}
