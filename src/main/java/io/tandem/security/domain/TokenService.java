package io.tandem.security.domain;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.security.SecurityProperties;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Principal;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * API tokens: {@code tdm_<prefix>_<secret>}. Only a SHA-256 hash is stored (a token is 256 random bits, so a fast
 * hash is enough); the prefix, also stored, identifies a token in logs and lists, and lets a leaked token be
 * recognised, without being usable. A revoked token stops working with the next request: what a token stands for
 * is cached for {@code tandem.security.cache.ttl}, but a revoke on any server ends that at once here and within
 * {@code tandem.security.cache.change-poll} elsewhere ({@link SecurityChanges}).
 */
@Service
public class TokenService {

  public static final String PREFIX = "tdm_";
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final String ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

  private final TokenStore store;
  private final Clock clock;
  private final TokenUsage usage;
  /** By the token's hash: a hit needs the whole token, and its time tells nothing about a prefix. */
  private final FreshCache<String, Optional<TokenStore.StoredToken>> byHash;

  TokenService(TokenStore store, Clock clock, TokenUsage usage, SecurityChanges changes, SecurityProperties settings) {
    this.store = store;
    this.clock = clock;
    this.usage = usage;
    this.byHash = new FreshCache<>(settings.cache().entries(), settings.cache().ttl(), changes::generation);
  }

  /** A token as the API shows it: never the secret, except once in {@link Issued}. */
  public record Token(UUID id, String prefix, String name, String subject, boolean orgAdmin, boolean createSpaces,
      String createdBy, Instant createdAt, Instant revokedAt, Instant lastUsedAt) {}

  public record Issued(Token token, String secret) {}

  private static final String UNKNOWN_HASH = "0".repeat(64);

  public Issued issue(String name, String subject, boolean orgAdmin, String createdBy) {
    return issue(name, subject, orgAdmin, false, createdBy);
  }

  /**
   * Issues a new token for {@code subject}; its secret is in the answer, and only there.
   *
   * @param createSpaces whether the token may create spaces (an organisation admin's always may)
   */
  public Issued issue(String name, String subject, boolean orgAdmin, boolean createSpaces, String createdBy) {
    if (subject == null || subject.isBlank() || !subject.matches("[A-Za-z0-9@._:-]{1,200}")) {
      throw TandemException.validation("Field 'subject' must name who the token is for (letters, digits, @ . _ : -).");
    }
    String prefix = randomPrefix();
    byte[] secretBytes = new byte[32];
    RANDOM.nextBytes(secretBytes);
    String token = PREFIX + prefix + "_" + Base64.getUrlEncoder().withoutPadding().encodeToString(secretBytes);
    store(token, prefix, name == null || name.isBlank() ? subject : name, subject, orgAdmin, createSpaces, createdBy);
    return new Issued(view(store.byPrefix(prefix).orElseThrow()), token);
  }

  /** Registers a token given in configuration (the bootstrap admin token), unless it is registered already. */
  void ensure(String token, String name, String subject) {
    String prefix = prefixOf(token).orElseThrow(() ->
        new IllegalStateException("tandem.security.bootstrap-token must look like tdm_<prefix>_<secret>"));
    if (store.byPrefix(prefix).isEmpty()) {
      store(token, prefix, name, subject, true, false, "configuration");
    }
  }

  boolean anyTokens() {
    return store.any();
  }

  /** The caller a token stands for; empty for an unknown, malformed or revoked token. */
  public Optional<Caller> authenticate(String token) {
    Optional<String> prefix = prefixOf(token);
    if (prefix.isEmpty()) {
      return Optional.empty();
    }
    return byHash.get(hash(token), presented -> lookUp(prefix.get(), presented))
        .filter(stored -> stored.revokedAt() == null)
        .map(stored -> {
          usage.used(stored.id());
          return new Caller(stored.subject(), stored.orgAdmin(), stored.prefix(), stored.createSpaces());
        });
  }

  private Optional<TokenStore.StoredToken> lookUp(String prefix, String hash) {
    // hashed and compared whether or not the prefix exists, so that the time taken does not tell
    byte[] presented = hash.getBytes(StandardCharsets.US_ASCII);
    Optional<TokenStore.StoredToken> found = store.byPrefix(prefix);
    byte[] expected = found.map(TokenStore.StoredToken::hash).orElse(UNKNOWN_HASH).getBytes(StandardCharsets.US_ASCII);
    return MessageDigest.isEqual(expected, presented) ? found : Optional.empty();
  }

  /** Whether a caller authenticated earlier (an open event stream) still stands: its API token is not revoked. */
  public boolean stillValid(Principal principal) {
    if (principal instanceof Authentication authentication
        && authentication.getPrincipal() instanceof Caller caller && caller.tokenPrefix() != null) {
      return store.byPrefix(caller.tokenPrefix()).map(stored -> stored.revokedAt() == null).orElse(false);
    }
    return principal != null;
  }

  public List<Token> list() {
    return store.list().stream().map(TokenService::view).toList();
  }

  /**
   * Revokes a token, unless it is the last active org-admin token: without one nobody could issue tokens, grant
   * targets or register clusters again. Two revokes of the last two at once see each other through the row locks.
   */
  @Transactional
  public Token revoke(UUID id) {
    TokenStore.StoredToken token = store.byId(id).orElseThrow(() -> TandemException.notFound("Token " + id + " does not exist."));
    List<UUID> admins = store.lockActiveOrgAdmins();
    if (admins.size() == 1 && admins.contains(id)) {
      throw new TandemException(ProblemCode.LAST_ORG_ADMIN, "Token " + token.prefix() + " is the organisation's last"
          + " active org-admin token; issue another org-admin token before revoking it.");
    }
    store.revoke(id, clock.instant());
    return view(store.byId(token.id()).orElseThrow());
  }

  private void store(String token, String prefix, String name, String subject, boolean orgAdmin, boolean createSpaces,
      String createdBy) {
    store.insert(new TokenStore.StoredToken(UUID.randomUUID(), prefix, hash(token), name, subject, orgAdmin, createSpaces,
        createdBy,
        clock.instant().truncatedTo(ChronoUnit.MICROS), null, null));
  }

  public static Optional<String> prefixOf(String token) {
    if (token == null || !token.startsWith(PREFIX)) {
      return Optional.empty();
    }
    int end = token.indexOf('_', PREFIX.length());
    return end <= PREFIX.length() ? Optional.empty() : Optional.of(token.substring(PREFIX.length(), end).toLowerCase(Locale.ROOT));
  }

  public static String hash(String token) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String randomPrefix() {
    StringBuilder prefix = new StringBuilder();
    for (int i = 0; i < 10; i++) {
      prefix.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
    }
    return prefix.toString();
  }

  private static Token view(TokenStore.StoredToken stored) {
    return new Token(stored.id(), stored.prefix(), stored.name(), stored.subject(), stored.orgAdmin(),
        stored.createSpaces(), stored.createdBy(),
        stored.createdAt(), stored.revokedAt(), stored.lastUsedAt());
  }
}
