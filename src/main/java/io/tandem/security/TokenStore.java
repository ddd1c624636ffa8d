package io.tandem.security;

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

@Repository
class TokenStore {

  /** A token as stored: never the token itself. */
  record StoredToken(UUID id, String prefix, String hash, String name, String subject, boolean orgAdmin,
      boolean createSpaces, String createdBy, Instant createdAt, Instant revokedAt, Instant lastUsedAt) {}

  private final JdbcClient jdbc;
  private final JdbcTemplate batches;
  private final SecurityChanges changes;

  TokenStore(JdbcClient jdbc, JdbcTemplate batches, SecurityChanges changes) {
    this.jdbc = jdbc;
    this.batches = batches;
    this.changes = changes;
  }

  @Transactional
  void insert(StoredToken token) {
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

  Optional<StoredToken> byPrefix(String prefix) {
    return jdbc.sql("select * from api_token where prefix = :prefix").param("prefix", prefix).query(TokenStore::token).optional();
  }

  Optional<StoredToken> byId(UUID id) {
    return jdbc.sql("select * from api_token where id = :id").param("id", id).query(TokenStore::token).optional();
  }

  List<StoredToken> list() {
    return jdbc.sql("select * from api_token order by created_at, id").query(TokenStore::token).list();
  }

  boolean any() {
    return jdbc.sql("select exists (select 1 from api_token)").query(Boolean.class).single();
  }

  /** The active org-admin tokens, locked until the transaction ends. */
  List<UUID> lockActiveOrgAdmins() {
    return jdbc.sql("select id from api_token where org_admin and revoked_at is null order by id for update")
        .query(UUID.class).list();
  }

  @Transactional
  boolean revoke(UUID id, Instant at) {
    boolean revoked = jdbc.sql("update api_token set revoked_at = :at where id = :id and revoked_at is null")
        .param("id", id)
        .param("at", OffsetDateTime.ofInstant(at, ZoneOffset.UTC))
        .update() == 1;
    changes.changed();
    return revoked;
  }

  /** Records when tokens were used, unless a use less than a minute before is recorded (by any server). */
  void used(Map<UUID, Instant> uses) {
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
