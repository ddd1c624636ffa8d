package io.tandem.space.persistence;

import jakarta.persistence.LockModeType;
import java.util.Optional;
import java.util.UUID;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Lock;
import org.springframework.data.jpa.repository.Query;

interface SpaceRepository extends JpaRepository<SpaceEntity, UUID> {

  Optional<SpaceEntity> findBySlug(String slug);

  @Lock(LockModeType.PESSIMISTIC_WRITE)
  @Query("select s from SpaceEntity s where s.slug = :slug")
  Optional<SpaceEntity> lockBySlug(String slug);

  @Query(value = "select count(*) from unit where space_id = :spaceId", nativeQuery = true)
  long countUnits(UUID spaceId);
}
