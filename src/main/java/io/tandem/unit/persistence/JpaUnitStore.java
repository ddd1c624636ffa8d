package io.tandem.unit.persistence;

import io.tandem.common.hash.ContentHash;
import io.tandem.common.web.PageRequest;
import io.tandem.unit.domain.NewRevision;
import io.tandem.unit.domain.Revision;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitChange;
import io.tandem.unit.domain.UnitStore;
import jakarta.persistence.EntityManager;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Function;
import org.hibernate.Session;
import org.hibernate.type.StandardBasicTypes;
import org.springframework.data.domain.Limit;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

@Repository
public class JpaUnitStore implements UnitStore {

  private static final String UNIT_BY_SLUGS =
      "select u.* from unit u join space s on s.id = u.space_id where s.slug = :space and u.slug = :slug";
  // The unit and its head data in one round trip (for reads; see change() for why not for locking).
  private static final String UNIT_WITH_HEAD_DATA_BY_SLUGS =
      "select {u.*}, b.body as head_data from unit u join space s on s.id = u.space_id"
          + " join revision r on r.unit_id = u.id and r.num = u.head_revision_num"
          + " join content_blob b on b.sha256 = r.content_sha256"
          + " where s.slug = :space and u.slug = :slug";

  private final EntityManager entityManager;
  private final RevisionRepository revisions;

  JpaUnitStore(EntityManager entityManager, RevisionRepository revisions) {
    this.entityManager = entityManager;
    this.revisions = revisions;
  }

  @Override
  @Transactional
  public boolean insert(UUID spaceId, Unit unit, NewRevision first) {
    UnitEntity entity = UnitEntity.from(spaceId, unit);
    // ON CONFLICT: a lost race on the slug is an answer (409), not an aborted transaction.
    int inserted =
        entityManager
            .createNativeQuery(
                "insert into unit (id, space_id, slug, display_name, labels, target, drift_mode, drift, version,"
                    + " head_revision_num, last_applied_revision_num, live_revision_num, previous_live_revision_num,"
                    + " created_at, updated_at) values (:id, :spaceId, :slug, :displayName, cast(:labels as jsonb),"
                    + " :target, :driftMode, :drift, :version, 1, 0, 0, 0, :createdAt, :updatedAt)"
                    + " on conflict (space_id, slug) do nothing")
            .setParameter("id", entity.id)
            .setParameter("spaceId", spaceId)
            .setParameter("slug", entity.slug)
            .setParameter("displayName", entity.displayName)
            .setParameter("labels", entity.labels)
            .setParameter("target", entity.target)
            .setParameter("driftMode", entity.driftMode.name())
            .setParameter("drift", entity.drift.name())
            .setParameter("version", entity.version)
            .setParameter("createdAt", entity.createdAt)
            .setParameter("updatedAt", entity.updatedAt)
            .executeUpdate();
    if (inserted == 0) {
      return false;
    }
    appendRevision(unit.id(), 1, first, unit.createdAt());
    return true;
  }

  @Override
  @Transactional(readOnly = true)
  public Optional<Unit> find(String space, String slug, boolean withData) {
    if (withData) {
      return unitWithHeadData(space, slug).map(locked -> locked.entity().toDomain(space, locked.headData()));
    }
    return unitBySlugs(space, slug, false).map(entity -> entity.toDomain(space, null));
  }

  @Override
  @Transactional(readOnly = true)
  @SuppressWarnings("unchecked")
  public List<Unit> list(String space, PageRequest page, boolean withData) {
    List<UnitEntity> rows =
        entityManager
            .createNativeQuery(
                "select u.* from unit u join space s on s.id = u.space_id where s.slug = :space"
                    + " and (cast(:after as text) is null or u.slug > cast(:after as text))"
                    + " order by u.slug limit :limit",
                UnitEntity.class)
            .setParameter("space", space)
            .setParameter("after", page.after())
            .setParameter("limit", page.limit() + 1)
            .getResultList();
    Map<UUID, String> data = withData ? headData(rows) : Map.of();
    return rows.stream().map(row -> row.toDomain(space, data.get(row.id))).toList();
  }

  @Override
  @Transactional
  public Optional<Unit> change(String space, String slug, Function<Unit, UnitChange> change) {
    // Lock the unit row alone: with a join in the locking query, a writer that waited for the lock would re-check
    // the join against the old head revision after the head moved, and wrongly find no row.
    Optional<UnitEntity> locked = unitBySlugs(space, slug, true);
    if (locked.isEmpty()) {
      return Optional.empty();
    }
    UnitEntity entity = locked.get();
    Unit current = entity.toDomain(space, data(entity.id, entity.headRevisionNum).orElseThrow());
    UnitChange result = change.apply(current);
    if (result.isNone()) {
      return Optional.of(current);
    }
    String data = current.data();
    if (result.revision() != null) {
      // Guarded by the row lock: nobody else can append to this unit until we commit.
      int next = entity.headRevisionNum + 1;
      appendRevision(entity.id, next, result.revision(), result.at());
      entity.headRevisionNum = next;
      data = result.revision().data();
    }
    if (result.metadata() != null) {
      entity.copyMetadata(result.metadata());
    }
    entity.version++;
    entity.updatedAt = result.at();
    entityManager.flush();
    return Optional.of(entity.toDomain(space, data));
  }

  @Override
  @Transactional
  public boolean delete(String space, String slug, Consumer<Unit> check) {
    Optional<UnitEntity> locked = unitBySlugs(space, slug, true);
    if (locked.isEmpty()) {
      return false;
    }
    check.accept(locked.get().toDomain(space, null));
    // Revisions go with the unit (ON DELETE CASCADE); blobs stay, other revisions may share them.
    entityManager.remove(locked.get());
    return true;
  }

  @Override
  @Transactional(readOnly = true)
  public List<Revision> revisions(UUID unitId, PageRequest page) {
    Limit limit = Limit.of(page.limit() + 1);
    Integer before = page.afterNumber();
    List<RevisionEntity> rows =
        before == null
            ? revisions.findByUnitIdOrderByNumDesc(unitId, limit)
            : revisions.findByUnitIdAndNumLessThanOrderByNumDesc(unitId, before, limit);
    return rows.stream().map(row -> row.toDomain(null, false)).toList();
  }

  @Override
  @Transactional(readOnly = true)
  public Optional<Revision> revision(UUID unitId, int num) {
    return revisions
        .findById(new RevisionEntity.Key(unitId, num))
        .map(row -> row.toDomain(blob(row.contentSha256), true));
  }

  @Override
  @Transactional(readOnly = true)
  public Optional<String> data(UUID unitId, int num) {
    return entityManager
        .createNativeQuery(
            "select b.body from revision r join content_blob b on b.sha256 = r.content_sha256"
                + " where r.unit_id = :unitId and r.num = :num",
            String.class)
        .setParameter("unitId", unitId)
        .setParameter("num", num)
        .getResultStream()
        .findFirst()
        .map(String.class::cast);
  }

  private void appendRevision(UUID unitId, int num, NewRevision revision, Instant at) {
    String sha256 = ContentHash.sha256Hex(revision.data());
    entityManager
        .createNativeQuery(
            "insert into content_blob (sha256, size_bytes, body) values (:sha256, :size, :body)"
                + " on conflict (sha256) do nothing")
        .setParameter("sha256", sha256)
        .setParameter("size", revision.data().getBytes(StandardCharsets.UTF_8).length)
        .setParameter("body", revision.data())
        .executeUpdate();
    entityManager.persist(RevisionEntity.from(unitId, num, revision, sha256, at));
  }

  private Optional<UnitEntity> unitBySlugs(String space, String slug, boolean forUpdate) {
    return entityManager
        .createNativeQuery(forUpdate ? UNIT_BY_SLUGS + " for update of u" : UNIT_BY_SLUGS, UnitEntity.class)
        .setParameter("space", space)
        .setParameter("slug", slug)
        .getResultStream()
        .findFirst()
        .map(UnitEntity.class::cast);
  }

  private record UnitWithHeadData(UnitEntity entity, String headData) {}

  @SuppressWarnings("unchecked")
  private Optional<UnitWithHeadData> unitWithHeadData(String space, String slug) {
    List<Object[]> rows =
        entityManager
            .unwrap(Session.class)
            .createNativeQuery(UNIT_WITH_HEAD_DATA_BY_SLUGS, Object[].class)
            .addEntity("u", UnitEntity.class)
            .addScalar("head_data", StandardBasicTypes.STRING)
            .setParameter("space", space)
            .setParameter("slug", slug)
            .getResultList();
    return rows.stream().findFirst().map(row -> new UnitWithHeadData((UnitEntity) row[0], (String) row[1]));
  }

  private String blob(String sha256) {
    return (String)
        entityManager
            .createNativeQuery("select body from content_blob where sha256 = :sha256", String.class)
            .setParameter("sha256", sha256)
            .getSingleResult();
  }

  @SuppressWarnings("unchecked")
  private Map<UUID, String> headData(List<UnitEntity> units) {
    if (units.isEmpty()) {
      return Map.of();
    }
    List<Object[]> rows =
        entityManager
            .createNativeQuery(
                "select u.id, b.body from unit u join revision r on r.unit_id = u.id and r.num = u.head_revision_num"
                    + " join content_blob b on b.sha256 = r.content_sha256 where u.id in (:ids)")
            .setParameter("ids", units.stream().map(unit -> unit.id).toList())
            .getResultList();
    Map<UUID, String> data = new HashMap<>();
    rows.forEach(row -> data.put((UUID) row[0], (String) row[1]));
    return data;
  }
}
