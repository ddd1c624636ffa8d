package io.tandem.workers.domain;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How long the server waits for a worker's answers ({@code tandem.workers.*}).
 *
 * @param callTimeout the longest wait for a read, a listing or a dry run through a worker
 * @param applyTimeout the longest wait for an apply or a destroy through a worker (it may wait for CRDs to be
 *     established, and prunes)
 * @param connectedWithin a worker that asked for work within this long is connected; what waits for its answer gives
 *     up once it is not (a worker's long polls come every 20 s)
 */
@ConfigurationProperties("tandem.workers")
public record WorkersProperties(
    @DefaultValue("60s") Duration callTimeout,
    @DefaultValue("5m") Duration applyTimeout,
    @DefaultValue("45s") Duration connectedWithin) {}
