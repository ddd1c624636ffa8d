package io.tandem.unit.persistence;

import java.util.List;
import java.util.UUID;
import org.springframework.data.domain.Limit;
import org.springframework.data.jpa.repository.JpaRepository;

interface RevisionRepository extends JpaRepository<RevisionEntity, RevisionEntity.Key> {

  List<RevisionEntity> findByUnitIdOrderByNumDesc(UUID unitId, Limit limit);

  List<RevisionEntity> findByUnitIdAndNumLessThanOrderByNumDesc(UUID unitId, int before, Limit limit);
}
