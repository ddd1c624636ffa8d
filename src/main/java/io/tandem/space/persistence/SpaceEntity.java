package io.tandem.space.persistence;

import io.tandem.common.config.JsonColumns;
import io.tandem.health.domain.ApplyWait;
import io.tandem.space.domain.ApplyMode;
import io.tandem.space.domain.DriftMode;
import io.tandem.space.domain.IgnoreRule;
import io.tandem.space.domain.IgnoreRules;
import io.tandem.space.domain.Space;
import io.tandem.space.domain.Suspension;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;
import org.hibernate.annotations.Formula;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

@Entity
@Table(name = "space")
class SpaceEntity {

  @Id UUID id;

  @Column(nullable = false)
  String slug;

  @Column(name = "display_name", nullable = false)
  String displayName;

  @JdbcTypeCode(SqlTypes.JSON)
  @Column(nullable = false)
  String labels;

  @Enumerated(EnumType.STRING)
  @Column(name = "drift_mode", nullable = false)
  DriftMode driftMode;

  @Column(name = "required_approvals", nullable = false)
  int requiredApprovals;

  @Column(name = "apply_wait_for")
  String applyWaitFor;

  @Column(name = "apply_wait_timeout_ms")
  Long applyWaitTimeoutMs;

  @Column(name = "four_eyes", nullable = false)
  boolean fourEyes;

  @Column(name = "destroy_gate", nullable = false)
  boolean destroyGate = true;

  @Enumerated(EnumType.STRING)
  @Column(name = "apply_mode", nullable = false)
  ApplyMode applyMode = ApplyMode.OnDemand;

  @JdbcTypeCode(SqlTypes.JSON)
  @Column(name = "ignore_rules", nullable = false)
  String ignoreRules = "[]";

  @Column(name = "suspended_by")
  String suspendedBy;

  @Column(name = "suspended_reason")
  String suspendedReason;

  @Column(name = "suspended_at")
  Instant suspendedAt;

  @Column(name = "created_at", nullable = false)
  Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  Instant updatedAt;

  @Formula("(select count(*) from unit u where u.space_id = id)")
  long unitCount;

  static SpaceEntity from(Space space) {
    SpaceEntity entity = new SpaceEntity();
    entity.id = space.id();
    entity.slug = space.slug();
    entity.createdAt = space.createdAt();
    entity.copyMetadata(space);
    return entity;
  }

  void copyMetadata(Space space) {
    displayName = space.displayName();
    labels = JsonColumns.write(space.labels());
    driftMode = space.driftMode();
    requiredApprovals = space.requiredApprovals();
    applyWaitFor = space.applyWait().waits() ? "healthy" : null;
    applyWaitTimeoutMs = space.applyWait().waits() ? space.applyWait().timeout().toMillis() : null;
    fourEyes = space.fourEyes();
    destroyGate = space.destroyGate();
    applyMode = space.applyMode();
    ignoreRules = JsonColumns.write(space.ignoreRules().rules());
    Suspension suspension = space.suspended();
    suspendedBy = suspension == null ? null : suspension.by();
    suspendedReason = suspension == null ? null : suspension.reason();
    suspendedAt = suspension == null ? null : suspension.at();
    updatedAt = space.updatedAt();
  }

  Space toDomain() {
    return new Space(
        id, slug, displayName, JsonColumns.readStringMap(labels), driftMode, requiredApprovals,
        "healthy".equals(applyWaitFor) ? ApplyWait.healthy(timeout(applyWaitTimeoutMs)) : ApplyWait.NONE, fourEyes,
        destroyGate, applyMode, new IgnoreRules(JsonColumns.readList(ignoreRules, IgnoreRule.class)),
        suspendedAt == null ? null : new Suspension(suspendedBy, suspendedReason, suspendedAt), unitCount,
        createdAt, updatedAt);
  }

  private static java.time.Duration timeout(Long millis) {
    return millis == null ? null : java.time.Duration.ofMillis(millis);
  }
}
