package io.tandem.imports.persistence;

import io.tandem.imports.domain.GroupBy;
import io.tandem.imports.domain.RenderGroup;
import io.tandem.imports.domain.RenderGroupStore;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/** The {@code unit_render_group} table. */
@Repository
class JdbcRenderGroupStore implements RenderGroupStore {

  private static final String MEMBERS = """
      select g.unit_id, s.slug as space, u.slug, g.source, g.group_by, g.group_key
      from unit_render_group g join unit u on u.id = g.unit_id join space s on s.id = u.space_id""";

  private final JdbcClient jdbc;

  JdbcRenderGroupStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public Optional<Member> find(UUID unitId) {
    return jdbc.sql(MEMBERS + " where g.unit_id = :unit").param("unit", unitId)
        .query(JdbcRenderGroupStore::member).optional();
  }

  @Override
  public List<Member> ofSource(String space, String source) {
    return jdbc.sql(MEMBERS + " where s.slug = :space and g.source = :source order by u.slug")
        .param("space", space).param("source", source)
        .query(JdbcRenderGroupStore::member).list();
  }

  @Override
  @Transactional(propagation = Propagation.MANDATORY)
  public void save(UUID unitId, RenderGroup group) {
    jdbc.sql("""
            insert into unit_render_group (unit_id, source, group_by, group_key) values (:unit, :source, :by, :key)
            on conflict (unit_id) do update set source = excluded.source, group_by = excluded.group_by,
                group_key = excluded.group_key""")
        .param("unit", unitId).param("source", group.source()).param("by", group.by().name()).param("key", group.key())
        .update();
  }

  private static Member member(ResultSet rs, int row) throws SQLException {
    return new Member(rs.getObject("unit_id", UUID.class), rs.getString("space"), rs.getString("slug"),
        new RenderGroup(rs.getString("source"), GroupBy.valueOf(rs.getString("group_by")), rs.getString("group_key")));
  }
}
