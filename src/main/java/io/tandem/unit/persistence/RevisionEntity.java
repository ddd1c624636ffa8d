package io.tandem.unit.persistence;

import io.tandem.common.config.JsonColumns;
import io.tandem.unit.domain.Mutation;
import io.tandem.unit.domain.NewRevision;
import io.tandem.unit.domain.Revision;
import io.tandem.unit.domain.RevisionSource;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.util.UUID;
import org.hibernate.annotations.Immutable;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

@Entity
@Immutable
@Table(name = "revision")
@IdClass(RevisionEntity.Key.class)
class RevisionEntity {

  record Key(UUID unitId, int num) implements Serializable {
    Key() {
      this(null, 0);
    }
  }

  @Id
  @Column(name = "unit_id")
  UUID unitId;

  @Id int num;

  @Enumerated(EnumType.STRING)
  @Column(nullable = false)
  RevisionSource source;

  @Column(nullable = false)
  String description;

  @Column(nullable = false)
  String author;

  @Column(name = "created_at", nullable = false)
  Instant createdAt;

  @Column(name = "content_sha256", nullable = false)
  String contentSha256;

  @Column(name = "restored_from")
  Integer restoredFrom;

  @JdbcTypeCode(SqlTypes.JSON)
  @Column(nullable = false)
  String mutations;

  static RevisionEntity from(UUID unitId, int num, NewRevision revision, String contentSha256, Instant createdAt) {
    RevisionEntity entity = new RevisionEntity();
    entity.unitId = unitId;
    entity.num = num;
    entity.source = revision.source();
    entity.description = revision.description();
    entity.author = revision.author();
    entity.createdAt = createdAt;
    entity.contentSha256 = contentSha256;
    entity.restoredFrom = revision.restoredFrom();
    entity.mutations = JsonColumns.write(revision.mutations());
    return entity;
  }

  Revision toDomain(String data, boolean withMutations) {
    return new Revision(
        num,
        source,
        description,
        author,
        createdAt,
        contentSha256,
        restoredFrom,
        data,
        withMutations ? JsonColumns.readList(mutations, Mutation.class) : null);
  }
}
