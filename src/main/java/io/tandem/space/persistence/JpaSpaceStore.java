package io.tandem.space.persistence;

import io.tandem.common.config.JsonColumns;
import io.tandem.common.paging.PageRequest;
import io.tandem.query.domain.Where;
import io.tandem.query.domain.WhereCatalog;
import io.tandem.query.persistence.WhereColumns;
import io.tandem.query.persistence.WhereSql;
import io.tandem.space.domain.Space;
import io.tandem.space.domain.SpaceStore;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

@Repository
public class JpaSpaceStore implements SpaceStore {

  /** What the attributes spaces are filtered by stand for, in queries over {@code space s}. */
  static final WhereColumns COLUMNS = WhereColumns.of(WhereCatalog.SPACES, Map.of(
      "Slug", "s.slug",
      "DisplayName", "s.display_name",
      "Suspended", "s.suspended_at is not null",
      "ApplyMode", "s.apply_mode",
      "FourEyes", "s.four_eyes",
      "DestroyGate", "s.destroy_gate",
      "CreatedAt", "s.created_at"), "s.labels", null);

  private final SpaceRepository spaces;
  private final EntityManager entityManager;

  JpaSpaceStore(SpaceRepository spaces, EntityManager entityManager) {
    this.spaces = spaces;
    this.entityManager = entityManager;
  }

  @Override
  @Transactional
  public boolean insert(Space space) {
    // ON CONFLICT keeps a lost race on the slug from aborting the transaction or surfacing as a 500.
    int inserted =
        entityManager
            .createNativeQuery(
                "insert into space (id, slug, display_name, labels, drift_mode, created_at, updated_at, required_approvals,"
                    + " apply_wait_for, apply_wait_timeout_ms, four_eyes, destroy_gate)"
                    + " values (?1, ?2, ?3, cast(?4 as jsonb), ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12) on conflict (slug) do nothing")
            .setParameter(1, space.id())
            .setParameter(2, space.slug())
            .setParameter(3, space.displayName())
            .setParameter(4, JsonColumns.write(space.labels()))
            .setParameter(5, space.driftMode().name())
            .setParameter(6, space.createdAt())
            .setParameter(7, space.updatedAt())
            .setParameter(8, space.requiredApprovals())
            .setParameter(9, space.applyWait().waits() ? "healthy" : null)
            .setParameter(10, space.applyWait().waits() ? space.applyWait().timeout().toMillis() : null)
            .setParameter(11, space.fourEyes())
            .setParameter(12, space.destroyGate())
            .executeUpdate();
    return inserted == 1;
  }

  @Override
  @Transactional(readOnly = true)
  public Optional<Space> find(String slug) {
    return spaces.findBySlug(slug).map(SpaceEntity::toDomain);
  }

  @Override
  @Transactional(readOnly = true)
  @SuppressWarnings("unchecked")
  public List<Space> list(PageRequest page, Where filter) {
    WhereSql where = WhereSql.of(filter, COLUMNS);
    Query query =
        entityManager.createNativeQuery(
            "select s.id from space s where (cast(:after as text) is null or s.slug > cast(:after as text))"
                + " and " + where.sql() + " order by s.slug limit :limit");
    where.parameters().forEach(query::setParameter);
    List<UUID> ids = query.setParameter("after", page.after()).setParameter("limit", page.limit() + 1).getResultList();
    Map<UUID, SpaceEntity> found = new HashMap<>();
    spaces.findAllById(ids).forEach(entity -> found.put(entity.id, entity));
    return ids.stream().map(found::get).filter(Objects::nonNull).map(SpaceEntity::toDomain).toList();
  }


  @Override
  @Transactional
  public Optional<Space> update(String slug, UnaryOperator<Space> change) {
    return spaces
        .lockBySlug(slug)
        .map(
            entity -> {
              entity.copyMetadata(change.apply(entity.toDomain()));
              return entity.toDomain();
            });
  }

  @Override
  @Transactional(readOnly = true)
  @SuppressWarnings("unchecked")
  public List<String> unitsWithObjects(Space space) {
    return entityManager.createNativeQuery("select u.slug from unit u where u.space_id = ?1 and exists"
            + " (select 1 from applied_object a where a.unit_id = u.id and a.target = u.target) order by u.slug")
        .setParameter(1, space.id())
        .getResultList();
  }

  @Override
  @Transactional
  public boolean delete(Space space, boolean recursive) {
    // The row lock waits for units being created in the space, so the count below sees them.
    Optional<SpaceEntity> locked = spaces.lockBySlug(space.slug());
    if (locked.isEmpty()) {
      return true;
    }
    if (!recursive && spaces.countUnits(locked.get().id) > 0) {
      return false;
    }
    spaces.delete(locked.get());
    return true;
  }
}
