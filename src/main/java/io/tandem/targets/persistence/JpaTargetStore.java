package io.tandem.targets.persistence;

import io.tandem.common.paging.PageRequest;
import io.tandem.targets.domain.ClusterHealth;
import io.tandem.targets.domain.Target;
import io.tandem.targets.domain.TargetStore;
import jakarta.persistence.EntityManager;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.springframework.data.domain.Limit;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

@Repository
public class JpaTargetStore implements TargetStore {

  private final TargetRepository targets;
  private final EntityManager entityManager;

  JpaTargetStore(TargetRepository targets, EntityManager entityManager) {
    this.targets = targets;
    this.entityManager = entityManager;
  }

  @Override
  @Transactional
  public boolean insert(Target target, byte[] sealedCredentials) {
    int inserted =
        entityManager
            .createNativeQuery(
                "insert into target (id, slug, server, namespace, credentials, created_at, updated_at)"
                    + " values (?1, ?2, ?3, ?4, ?5, ?6, ?7) on conflict (slug) do nothing")
            .setParameter(1, target.id())
            .setParameter(2, target.slug())
            .setParameter(3, target.server())
            .setParameter(4, target.namespace())
            .setParameter(5, sealedCredentials)
            .setParameter(6, target.createdAt())
            .setParameter(7, target.updatedAt())
            .executeUpdate();
    return inserted == 1;
  }

  @Override
  @Transactional
  public void upsert(Target target, byte[] sealedCredentials) {
    TargetEntity entity = targets.lockBySlug(target.slug()).orElseGet(TargetEntity::new);
    boolean existing = entity.id != null;
    Target kept = existing ? new Target(entity.id, target.slug(), target.server(), target.namespace(), null, null, null,
        null, null, entity.createdAt, target.updatedAt()) : target;
    entity.copy(kept, sealedCredentials);
    if (!existing) {
      entityManager.persist(entity);
    }
  }

  @Override
  @Transactional(readOnly = true)
  public Optional<Stored> find(String slug) {
    return targets.findBySlug(slug).map(entity -> new Stored(entity.toDomain(), entity.credentials));
  }

  @Override
  @Transactional(readOnly = true)
  public List<Target> list(PageRequest page) {
    Limit limit = Limit.of(page.limit() + 1);
    List<TargetEntity> rows =
        page.after() == null
            ? targets.findAllByOrderBySlugAsc(limit)
            : targets.findBySlugGreaterThanOrderBySlugAsc(page.after(), limit);
    return rows.stream().map(TargetEntity::toDomain).toList();
  }

  @Override
  @Transactional(readOnly = true)
  public List<Stored> all() {
    return targets.findAll().stream().map(entity -> new Stored(entity.toDomain(), entity.credentials)).toList();
  }

  @Override
  @Transactional
  public Optional<Target> update(String slug, UnaryOperator<Stored> change) {
    return targets
        .lockBySlug(slug)
        .map(
            entity -> {
              Stored changed = change.apply(new Stored(entity.toDomain(), entity.credentials));
              entity.copy(changed.target(), changed.sealedCredentials());
              return entity.toDomain();
            });
  }

  @Override
  @Transactional
  public void recordHealth(String slug, ClusterHealth health) {
    targets.findBySlug(slug).ifPresent(entity -> {
      entity.reachable = health.reachable();
      entity.serverVersion = health.serverVersion();
      entity.latencyMs = health.latencyMs();
      entity.lastError = health.error();
      entity.lastCheckedAt = health.checkedAt();
      if (health.clusterId() != null) {
        entity.clusterUid = health.clusterId();
      }
    });
  }

  @Override
  @Transactional(readOnly = true)
  public long unitsUsing(String slug) {
    return targets.countUnitsUsing(slug);
  }

  @Override
  @Transactional
  public boolean delete(String slug) {
    Optional<TargetEntity> entity = targets.lockBySlug(slug);
    entity.ifPresent(targets::delete);
    return entity.isPresent();
  }
}
