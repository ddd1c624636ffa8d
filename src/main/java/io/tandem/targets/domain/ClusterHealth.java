package io.tandem.targets.domain;

import java.time.Instant;

/** The outcome of one health check; {@code error} says why a cluster could not be reached. */
public record ClusterHealth(boolean reachable, String serverVersion, Integer latencyMs, String error, Instant checkedAt) {}
