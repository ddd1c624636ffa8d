package io.tandem.security.persistence;

import io.tandem.security.domain.SecurityChanges;
import io.tandem.security.domain.TokenStore;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/** The table {@code api_token}. */
@Repository
class JdbcTokenStore implements TokenStore {

  private final JdbcClient jdbc;
  private final JdbcTemplate batches;
  private final SecurityChanges changes;

  JdbcTokenStore(JdbcClient jdbc, JdbcTemplate batches, SecurityChanges changes) {
    this.jdbc = jdbc;
    this.batches = batches;
    this.changes = changes;
  }

  @Override
  @Transactional
  public void insert(StoredToken token) {
    jdbc.sql("insert into api_token (id, prefix, token_hash, name, subject, org_admin, create_spaces, created_by,"
            + " created_at) values (:id, :prefix, :hash, :name, :subject, :orgAdmin, :createSpaces, :createdBy, :at)")
        .param("createSpaces", token.createSpaces())
        .param("id", token.id())
        .param("prefix", token.prefix())
        .param("hash", token.hash())
        .param("name", token.name())
        .param("subject", token.subject())
        .param("orgAdmin", token.orgAdmin())
        .param("createdBy", token.createdBy())
        .param("at", OffsetDateTime.ofInstant(token.createdAt(), ZoneOffset.UTC))
        .update();
    changes.changed();
  }

  @Override
  public Optional<StoredToken> byPrefix(String prefix) {
    return jdbc.sql("select * from api_token where prefix = :prefix").param("prefix", prefix).query(JdbcTokenStore::token).optional();
  }

  @Override
  public Optional<StoredToken> byId(UUID id) {
    return jdbc.sql("select * from api_token where id = :id").param("id", id).query(JdbcTokenStore::token).optional();
  }

  @Override
  public List<StoredToken> list() {
    return jdbc.sql("select * from api_token order by created_at, id").query(JdbcTokenStore::token).list();
  }

  @Override
  public boolean any() {
    return jdbc.sql("select exists (select 1 from api_token)").query(Boolean.class).single();
  }

  @Override
  public List<UUID> lockActiveOrgAdmins() {
    return jdbc.sql("select id from api_token where org_admin and revoked_at is null order by id for update")
        .query(UUID.class).list();
  }

  @Override
  @Transactional
  public boolean revoke(UUID id, Instant at) {
    boolean revoked = jdbc.sql("update api_token set revoked_at = :at where id = :id and revoked_at is null")
        .param("id", id)
        .param("at", OffsetDateTime.ofInstant(at, ZoneOffset.UTC))
        .update() == 1;
    changes.changed();
    return revoked;
  }

  @Override
  public void used(Map<UUID, Instant> uses) {
    List<Object[]> rows = uses.entrySet().stream().map(use -> {
      OffsetDateTime at = OffsetDateTime.ofInstant(use.getValue(), ZoneOffset.UTC);
      return new Object[] {at, use.getKey(), at};
    }).toList();
    batches.batchUpdate("update api_token set last_used_at = ? where id = ?"
        + " and (last_used_at is null or last_used_at < ?::timestamptz - interval '1 minute')", rows);
  }

  private static StoredToken token(ResultSet rs, int row) throws SQLException {
    return new StoredToken(rs.getObject("id", UUID.class), rs.getString("prefix"), rs.getString("token_hash"),
        rs.getString("name"), rs.getString("subject"), rs.getBoolean("org_admin"), rs.getBoolean("create_spaces"),
        rs.getString("created_by"),
        instant(rs, "created_at"), instant(rs, "revoked_at"), instant(rs, "last_used_at"));
  }

  private static Instant instant(ResultSet rs, String column) throws SQLException {
    OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
    return value == null ? null : value.toInstant();
  }
}
