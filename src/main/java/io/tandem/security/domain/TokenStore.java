package io.tandem.security.domain;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The API tokens: never a token itself, only its prefix (to find it; unique) and its hash (to check it). A token is
 * never deleted, only revoked, so what it did stays attributable. Inserting and revoking end what this server cached
 * about tokens ({@link SecurityChanges#changed()}) once they commit, and the database's trigger tells the other
 * servers; recording uses ends nothing, since a use changes no one's access.
 */
public interface TokenStore {

  /** A token as stored. */
  record StoredToken(UUID id, String prefix, String hash, String name, String subject, boolean orgAdmin,
      boolean createSpaces, String createdBy, Instant createdAt, Instant revokedAt, Instant lastUsedAt) {}

  /** Stores a new token; a prefix already taken is refused (the database's unique key), never overwritten. */
  void insert(StoredToken token);

  /** The token with this prefix, revoked or not. */
  Optional<StoredToken> byPrefix(String prefix);

  /** The token, revoked or not. */
  Optional<StoredToken> byId(UUID id);

  /** Every token, oldest first. */
  List<StoredToken> list();

  /** Whether any token was ever issued, revoked ones included: a first start writes a bootstrap token only if not. */
  boolean any();

  /**
   * The active org-admin tokens, locked until the transaction ends: two revokes at once see each other, so they cannot
   * together revoke the last one.
   */
  List<UUID> lockActiveOrgAdmins();

  /** Revokes the token at {@code at}; whether it was active. */
  boolean revoke(UUID id, Instant at);

  /** Records when tokens were used, unless a use less than a minute before is recorded (by any server). */
  void used(Map<UUID, Instant> uses);
}
