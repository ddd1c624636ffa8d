package io.tandem.replica;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How replicas sharing one database divide the background work ({@code tandem.replicas.*}).
 *
 * @param leasePeriod how long a lease on a target's watches or on a singleton job lasts unless renewed; each replica
 *     heartbeats and renews its leases every third of it, and a dead replica's work is taken over within about one
 *     period
 */
@ConfigurationProperties("tandem.replicas")
public record ReplicaProperties(@DefaultValue("15s") Duration leasePeriod) {}
