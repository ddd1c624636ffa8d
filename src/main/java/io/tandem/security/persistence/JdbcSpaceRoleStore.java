package io.tandem.security.persistence;

import io.tandem.common.access.Role;
import io.tandem.security.domain.SpaceRoleStore;
import io.tandem.security.domain.SpaceRoles;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The table {@code space_role}. */
@Repository
class JdbcSpaceRoleStore implements SpaceRoleStore {

  private final JdbcClient jdbc;

  JdbcSpaceRoleStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public List<Held> heldBy(String subject) {
    return jdbc.sql("select s.slug, r.role, r.read_secrets from space_role r join space s on s.id = r.space_id"
            + " where r.subject = :subject")
        .param("subject", subject)
        .query((rs, row) -> new Held(rs.getString(1), Role.valueOf(rs.getString(2)), rs.getBoolean(3)))
        .list();
  }

  @Override
  public void put(UUID spaceId, String subject, Role role, boolean readSecrets, String grantedBy, Instant at) {
    jdbc.sql("insert into space_role (space_id, subject, role, read_secrets, granted_by, granted_at)"
            + " values (:space, :subject, :role, :secrets, :by, :at) on conflict (space_id, subject) do update set"
            + " role = excluded.role, read_secrets = excluded.read_secrets, granted_by = excluded.granted_by,"
            + " granted_at = excluded.granted_at")
        .param("secrets", readSecrets)
        .param("space", spaceId)
        .param("subject", subject)
        .param("role", role.name())
        .param("by", grantedBy)
        .param("at", OffsetDateTime.ofInstant(at, ZoneOffset.UTC))
        .update();
  }

  @Override
  public List<SpaceRoles.Grant> list(UUID spaceId) {
    return jdbc.sql("select subject, role, read_secrets, granted_by, granted_at from space_role where space_id = :space"
            + " order by subject")
        .param("space", spaceId)
        .query((rs, row) -> new SpaceRoles.Grant(rs.getString(1), Role.valueOf(rs.getString(2)), rs.getBoolean(3),
            rs.getString(4), rs.getObject(5, OffsetDateTime.class).toInstant()))
        .list();
  }

  @Override
  public boolean delete(UUID spaceId, String subject) {
    return jdbc.sql("delete from space_role where space_id = :space and subject = :subject")
        .param("space", spaceId).param("subject", subject).update() != 0;
  }
}
