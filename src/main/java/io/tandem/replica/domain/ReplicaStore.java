package io.tandem.replica.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * The replicas sharing the database and the leases they hold. Every comparison of times is made with the database's
 * clock, so the replicas' own clocks never decide who owns what.
 */
public interface ReplicaStore {

  record Replica(UUID id, String host, long pid, int port, Instant startedAt, Instant heartbeatAt) {}

  record Lease(String name, UUID owner, Instant expiresAt) {}

  /** How a lease was taken: not at all, free (no one held it), or expired (its holder let it run out). */
  enum Taken { NO, FREE, EXPIRED }

  /** Says the replica is alive now (registering it on its first call). */
  void heartbeat(UUID id, String host, long pid, int port);

  /** Forgets replicas silent for ten lease periods, and with them their (long expired) leases. */
  void forgetDead(Duration period);

  /** The replicas that heartbeat within one lease period. */
  List<UUID> live(Duration period);

  /** Extends every unexpired lease of {@code owner}; the names it still holds. */
  Set<String> renew(UUID owner, Duration period);

  /** Takes a lease that no one holds or whose holder let it run out. */
  Taken take(String name, UUID owner, Duration period);

  /** Of {@code names}, those no one holds now. */
  Set<String> free(Collection<String> names);

  void release(UUID owner, String name);

  /** Hands back every lease at once and leaves the live replicas. */
  void leave(UUID owner);

  /** Every replica, oldest first. */
  List<Replica> replicas();

  /** The unexpired leases, by name. */
  List<Lease> leases();
}
