package io.tandem.security.domain;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The API tokens: never a token itself, only its prefix (to find it) and its hash (to check it). Each write ends what
 * the servers cached about tokens ({@link SecurityChanges}) once it commits.
 */
public interface TokenStore {

  /** A token as stored. */
  record StoredToken(UUID id, String prefix, String hash, String name, String subject, boolean orgAdmin,
      boolean createSpaces, String createdBy, Instant createdAt, Instant revokedAt, Instant lastUsedAt) {}

  void insert(StoredToken token);

  Optional<StoredToken> byPrefix(String prefix);

  Optional<StoredToken> byId(UUID id);

  /** Every token, oldest first. */
  List<StoredToken> list();

  boolean any();

  /** The active org-admin tokens, locked until the transaction ends. */
  List<UUID> lockActiveOrgAdmins();

  /** Revokes the token at {@code at}; whether it was active. */
  boolean revoke(UUID id, Instant at);

  /** Records when tokens were used, unless a use less than a minute before is recorded (by any server). */
  void used(Map<UUID, Instant> uses);
}
