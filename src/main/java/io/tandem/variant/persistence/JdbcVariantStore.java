package io.tandem.variant.persistence;

import io.tandem.unit.domain.UpstreamLookup;
import io.tandem.variant.domain.VariantStore;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

@Repository
class JdbcVariantStore implements VariantStore, UpstreamLookup {

  private static final String UPSTREAM = "select s.slug as upstream_space, up.slug as upstream_unit, v.base_revision_num,"
      + " up.head_revision_num as upstream_head_revision_num from unit_upstream v join unit up on up.id = v.upstream_unit_id"
      + " join space s on s.id = up.space_id";

  private final JdbcClient jdbc;

  JdbcVariantStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  @Transactional
  public void link(UUID unitId, UUID upstreamUnitId, int baseRevisionNum) {
    jdbc.sql("insert into unit_upstream (unit_id, upstream_unit_id, base_revision_num) values (:unit, :upstream, :base)")
        .param("unit", unitId)
        .param("upstream", upstreamUnitId)
        .param("base", baseRevisionNum)
        .update();
  }

  @Override
  public Optional<Upstream> find(UUID unitId) {
    return jdbc.sql(UPSTREAM + " where v.unit_id = :unit")
        .param("unit", unitId)
        .query((rs, row) -> new Upstream(rs.getString("upstream_space"), rs.getString("upstream_unit"),
            rs.getInt("base_revision_num"), rs.getInt("upstream_head_revision_num")))
        .optional();
  }

  @Override
  @Transactional
  public void rebase(UUID unitId, int baseRevisionNum) {
    jdbc.sql("update unit_upstream set base_revision_num = :base where unit_id = :unit")
        .param("unit", unitId)
        .param("base", baseRevisionNum)
        .update();
  }

  @Override
  public String inlineSql() {
    return UPSTREAM + " where v.unit_id = u.id";
  }
}
