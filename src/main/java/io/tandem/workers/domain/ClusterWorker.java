package io.tandem.workers.domain;

import java.time.Instant;
import java.util.UUID;

/**
 * A worker that runs beside a cluster and connects out to the server.
 *
 * @param tokenPrefix the prefix of the API token it authenticates with
 * @param lastSeenAt when it last asked for work, {@code null} before it first did
 * @param version the worker's version, as it last said
 * @param boot the id its current start said, {@code null} before it first asked
 */
public record ClusterWorker(UUID id, String name, UUID tokenId, String tokenPrefix, String createdBy, Instant createdAt,
    Instant lastSeenAt, String version, String boot) {}
