package io.tandem.unit.persistence;

import io.tandem.common.config.JsonColumns;
import io.tandem.space.domain.DriftMode;
import io.tandem.unit.domain.Drift;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitMetadata;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

@Entity
@Table(name = "unit")
class UnitEntity {

  @Id UUID id;

  @Column(name = "space_id", nullable = false)
  UUID spaceId;

  @Column(nullable = false)
  String slug;

  @Column(name = "display_name", nullable = false)
  String displayName;

  @JdbcTypeCode(SqlTypes.JSON)
  @Column(nullable = false)
  String labels;

  String target;

  @Enumerated(EnumType.STRING)
  @Column(name = "drift_mode", nullable = false)
  DriftMode driftMode;

  @Enumerated(EnumType.STRING)
  @Column(nullable = false)
  Drift drift;

  @Column(nullable = false)
  long version;

  @Column(name = "head_revision_num", nullable = false)
  int headRevisionNum;

  @Column(name = "last_applied_revision_num", nullable = false)
  int lastAppliedRevisionNum;

  @Column(name = "live_revision_num", nullable = false)
  int liveRevisionNum;

  @Column(name = "previous_live_revision_num", nullable = false)
  int previousLiveRevisionNum;

  @Column(name = "created_at", nullable = false)
  Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  Instant updatedAt;

  static UnitEntity from(UUID spaceId, Unit unit) {
    UnitEntity entity = new UnitEntity();
    entity.id = unit.id();
    entity.spaceId = spaceId;
    entity.slug = unit.slug();
    entity.copyMetadata(unit.metadata());
    entity.drift = unit.drift();
    entity.version = unit.version();
    entity.headRevisionNum = unit.headRevisionNum();
    entity.lastAppliedRevisionNum = unit.lastAppliedRevisionNum();
    entity.liveRevisionNum = unit.liveRevisionNum();
    entity.previousLiveRevisionNum = unit.previousLiveRevisionNum();
    entity.createdAt = unit.createdAt();
    entity.updatedAt = unit.updatedAt();
    return entity;
  }

  void copyMetadata(UnitMetadata metadata) {
    displayName = metadata.displayName();
    labels = JsonColumns.write(metadata.labels());
    target = metadata.target();
    driftMode = metadata.driftMode();
  }

  Unit toDomain(String space, String data) {
    return new Unit(
        id,
        space,
        slug,
        new UnitMetadata(displayName, JsonColumns.readStringMap(labels), target, driftMode),
        version,
        headRevisionNum,
        lastAppliedRevisionNum,
        liveRevisionNum,
        previousLiveRevisionNum,
        drift,
        createdAt,
        updatedAt,
        data);
  }
}
