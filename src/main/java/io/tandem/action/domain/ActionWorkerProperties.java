package io.tandem.action.domain;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The action workers that run queued applies, destroys and refreshes ({@code tandem.worker.*}).
 *
 * @param threads how many actions this server runs at once
 * @param perTarget how many actions one target runs at once, over all servers: a slow or unreachable target holds
 *     at most that many of the workers, and the others go on with the other targets' actions
 * @param lease how long a claimed action stays this server's without a heartbeat; after that another server may
 *     take it over
 * @param enabled whether this server runs actions at all (it still queues them for other servers)
 * @param stopGrace how long a stopping server lets running actions finish before it interrupts them (their leases
 *     then hand them on to another server)
 * @param handoff how long an action that a server could not reach the target of waits for another server to run it,
 *     counted from the first server that left it; past it, or once every live server has left it, it fails
 */
@ConfigurationProperties("tandem.worker")
public record ActionWorkerProperties(
    @DefaultValue("4") int threads,
    @DefaultValue("60s") Duration lease,
    @DefaultValue("true") boolean enabled,
    @DefaultValue("20s") Duration stopGrace,
    @DefaultValue("2m") Duration handoff,
    @DefaultValue("2") int perTarget) {}
