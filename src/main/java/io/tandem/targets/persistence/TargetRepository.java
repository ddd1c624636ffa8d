package io.tandem.targets.persistence;

import jakarta.persistence.LockModeType;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.data.domain.Limit;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Lock;
import org.springframework.data.jpa.repository.Query;

interface TargetRepository extends JpaRepository<TargetEntity, UUID> {

  Optional<TargetEntity> findBySlug(String slug);

  @Lock(LockModeType.PESSIMISTIC_WRITE)
  @Query("select t from TargetEntity t where t.slug = :slug")
  Optional<TargetEntity> lockBySlug(String slug);

  List<TargetEntity> findBySlugGreaterThanOrderBySlugAsc(String after, Limit limit);

  List<TargetEntity> findAllByOrderBySlugAsc(Limit limit);

  @Query(value = "select count(*) from unit where target = :slug", nativeQuery = true)
  long countUnitsUsing(String slug);
}
