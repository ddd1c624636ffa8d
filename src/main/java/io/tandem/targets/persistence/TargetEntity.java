package io.tandem.targets.persistence;

import io.tandem.targets.domain.Target;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

@Entity
@Table(name = "target")
class TargetEntity {

  @Id UUID id;

  @Column(nullable = false)
  String slug;

  @Column(nullable = false)
  String server;

  String namespace;

  @Column(nullable = false)
  byte[] credentials;

  Boolean reachable;

  @Column(name = "server_version")
  String serverVersion;

  @Column(name = "latency_ms")
  Integer latencyMs;

  @Column(name = "last_error")
  String lastError;

  @Column(name = "cluster_uid")
  String clusterUid;

  @Column(name = "last_checked_at")
  Instant lastCheckedAt;

  @Column(name = "created_at", nullable = false)
  Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  Instant updatedAt;

  void copy(Target target, byte[] sealedCredentials) {
    id = target.id();
    slug = target.slug();
    server = target.server();
    namespace = target.namespace();
    credentials = sealedCredentials;
    reachable = target.reachable();
    serverVersion = target.serverVersion();
    latencyMs = target.latencyMs();
    lastError = target.lastError();
    lastCheckedAt = target.lastCheckedAt();
    createdAt = target.createdAt();
    updatedAt = target.updatedAt();
  }

  Target toDomain() {
    return new Target(id, slug, server, namespace, reachable, serverVersion, latencyMs, lastError, lastCheckedAt,
        createdAt, updatedAt);
  }
}
