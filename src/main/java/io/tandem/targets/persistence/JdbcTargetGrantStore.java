package io.tandem.targets.persistence;

import io.tandem.targets.domain.TargetGrant;
import io.tandem.targets.domain.TargetGrantStore;
import io.tandem.targets.domain.TargetUse;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** {@code target_grant} (V028); a {@code null} space is the grant to every space. */
@Repository
class JdbcTargetGrantStore implements TargetGrantStore {

  private static final String COLUMNS = "coalesce(s.slug, '*'), g.use_apply, g.use_import, g.use_read_live, g.namespaces,"
      + " g.cluster_scoped, g.secrets, g.granted_by, g.granted_at";

  private final JdbcClient jdbc;

  JdbcTargetGrantStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public void put(UUID targetId, TargetGrant grant) {
    UUID space = TargetGrant.EVERY_SPACE.equals(grant.space()) ? null : spaceId(grant.space()).orElseThrow();
    // one statement: a put that fails keeps the grant before, and concurrent puts to one space do not collide
    jdbc.sql("insert into target_grant (target_id, space_id, use_apply, use_import, use_read_live, namespaces,"
            + " cluster_scoped, secrets, granted_by, granted_at) values (:target, :space, :apply, :import, :live,"
            + " cast(:namespaces as text[]), :cluster, :secrets, :by, :at)"
            + " on conflict (target_id, coalesce(space_id, '00000000-0000-0000-0000-000000000000'::uuid)) do update"
            + " set use_apply = excluded.use_apply, use_import = excluded.use_import,"
            + " use_read_live = excluded.use_read_live, namespaces = excluded.namespaces,"
            + " cluster_scoped = excluded.cluster_scoped, secrets = excluded.secrets, granted_by = excluded.granted_by,"
            + " granted_at = excluded.granted_at")
        .param("target", targetId)
        .param("space", space, java.sql.Types.OTHER)
        .param("apply", grant.uses().contains(TargetUse.APPLY))
        .param("import", grant.uses().contains(TargetUse.IMPORT))
        .param("live", grant.uses().contains(TargetUse.READ_LIVE))
        .param("namespaces", grant.namespaces().toArray(String[]::new))
        .param("cluster", grant.clusterScoped())
        .param("secrets", grant.secrets())
        .param("by", grant.grantedBy())
        .param("at", OffsetDateTime.ofInstant(grant.grantedAt(), ZoneOffset.UTC))
        .update();
  }

  @Override
  public boolean remove(UUID targetId, String space) {
    if (TargetGrant.EVERY_SPACE.equals(space)) {
      return jdbc.sql("delete from target_grant where target_id = :target and space_id is null")
          .param("target", targetId).update() > 0;
    }
    return jdbc.sql("delete from target_grant g using space s where g.target_id = :target and g.space_id = s.id"
            + " and s.slug = :space")
        .param("target", targetId).param("space", space).update() > 0;
  }

  @Override
  public List<TargetGrant> list(UUID targetId) {
    return jdbc.sql("select " + COLUMNS + " from target_grant g left join space s on s.id = g.space_id"
            + " where g.target_id = :target order by s.slug nulls first")
        .param("target", targetId)
        .query((rs, row) -> grant(rs))
        .list();
  }

  @Override
  public List<TargetGrant> forSpace(String target, String space) {
    return jdbc.sql("select " + COLUMNS + " from target_grant g join target t on t.id = g.target_id"
            + " left join space s on s.id = g.space_id where t.slug = :target and (g.space_id is null or s.slug = :space)")
        .param("target", target)
        .param("space", space)
        .query((rs, row) -> grant(rs))
        .list();
  }

  @Override
  public Optional<UUID> spaceId(String space) {
    return jdbc.sql("select id from space where slug = :slug").param("slug", space).query(UUID.class).optional();
  }

  private static TargetGrant grant(ResultSet rs) throws SQLException {
    EnumSet<TargetUse> uses = EnumSet.noneOf(TargetUse.class);
    if (rs.getBoolean(2)) {
      uses.add(TargetUse.APPLY);
    }
    if (rs.getBoolean(3)) {
      uses.add(TargetUse.IMPORT);
    }
    if (rs.getBoolean(4)) {
      uses.add(TargetUse.READ_LIVE);
    }
    Array namespaces = rs.getArray(5);
    return new TargetGrant(rs.getString(1), uses, List.of((String[]) namespaces.getArray()), rs.getBoolean(6),
        rs.getBoolean(7), rs.getString(8), rs.getObject(9, OffsetDateTime.class).toInstant());
  }
}
