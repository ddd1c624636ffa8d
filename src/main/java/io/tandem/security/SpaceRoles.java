package io.tandem.security;

import io.tandem.common.access.Role;
import io.tandem.common.error.TandemException;
import io.tandem.space.domain.Space;
import io.tandem.space.domain.SpaceCreated;
import io.tandem.space.domain.SpaceDeleted;
import io.tandem.space.domain.SpaceService;
import io.tandem.space.domain.SpaceVisibility;
import java.security.Principal;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Who has which role in which space. The creator of a space is its first admin. A subject's roles are cached for
 * {@code tandem.security.cache.ttl}; a grant or revoke on any server ends that ({@link SecurityChanges}).
 */
@Service
public class SpaceRoles implements SpaceVisibility {

  public record Grant(String subject, Role role, boolean readSecrets, String grantedBy, Instant grantedAt) {}

  /** A subject's role in one space. */
  private record Held(Role role, boolean readSecrets) {}

  private final JdbcClient jdbc;
  private final SpaceService spaces;
  private final Clock clock;
  private final SecurityChanges changes;
  /** Each subject's roles, by space slug. */
  private final FreshCache<String, Map<String, Held>> bySubject;

  SpaceRoles(JdbcClient jdbc, SpaceService spaces, Clock clock, SecurityChanges changes, SecurityProperties settings) {
    this.jdbc = jdbc;
    this.spaces = spaces;
    this.clock = clock;
    this.changes = changes;
    this.bySubject = new FreshCache<>(settings.cache().entries(), settings.cache().ttl(), changes::generation);
  }

  /** The creator of a space is its first admin (anonymous callers are organisation admins already). */
  @EventListener
  void creatorAdministers(SpaceCreated created) {
    if (!created.creator().equals(TokenAuthenticationFilter.ANONYMOUS)) {
      grant(created.space(), created.creator(), Role.admin, created.creator());
    }
  }

  /** A deleted space's roles went with it (the database told other servers); this one forgets them at once. */
  @EventListener
  void rolesWentWith(SpaceDeleted deleted) {
    changes.changed();
  }

  /**
   * The spaces a caller may see: empty for an organisation admin (all of them), else those where it has a role.
   */
  @Override
  public Optional<Set<String>> visibleSpaces(Principal principal) {
    if (principal instanceof Authentication authentication
        && authentication.getPrincipal() instanceof Caller caller) {
      return caller.orgAdmin() ? Optional.empty() : Optional.of(spacesOf(caller.name()));
    }
    return Optional.of(Set.of());
  }

  /** The caller's role in the space (an organisation admin's is admin); empty when none. */
  public Optional<Role> roleOf(Principal principal, String space) {
    if (principal instanceof Authentication authentication && authentication.getPrincipal() instanceof Caller caller) {
      return caller.orgAdmin() ? Optional.of(Role.admin) : roleOf(space, caller.name());
    }
    return Optional.empty();
  }

  /** The spaces where the subject has a role. */
  Set<String> spacesOf(String subject) {
    return new HashSet<>(held(subject).keySet());
  }

  /** The caller's role in the space (by slug); empty when none. */
  Optional<Role> roleOf(String space, String subject) {
    return Optional.ofNullable(held(subject).get(space)).map(Held::role);
  }

  boolean readsSecrets(String space, String subject) {
    Held held = held(subject).get(space);
    return held != null && held.readSecrets();
  }

  private Map<String, Held> held(String subject) {
    return bySubject.get(subject, key -> jdbc.sql(
            "select s.slug, r.role, r.read_secrets from space_role r join space s on s.id = r.space_id where r.subject = :subject")
        .param("subject", key)
        .query((rs, row) -> Map.entry(rs.getString(1), new Held(Role.valueOf(rs.getString(2)), rs.getBoolean(3))))
        .list()
        .stream()
        .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey, Map.Entry::getValue)));
  }

  @Transactional
  public Grant grant(String spaceSlug, String subject, Role role, String grantedBy) {
    return grant(spaceSlug, subject, role, false, grantedBy);
  }

  @Transactional
  public Grant grant(String spaceSlug, String subject, Role role, boolean readSecrets, String grantedBy) {
    Space space = spaces.get(spaceSlug);
    if (subject == null || subject.isBlank()) {
      throw TandemException.validation("Name the subject to grant a role to.");
    }
    jdbc.sql("insert into space_role (space_id, subject, role, read_secrets, granted_by, granted_at)"
            + " values (:space, :subject, :role, :secrets, :by, :at) on conflict (space_id, subject) do update set"
            + " role = excluded.role, read_secrets = excluded.read_secrets, granted_by = excluded.granted_by,"
            + " granted_at = excluded.granted_at")
        .param("secrets", readSecrets)
        .param("space", space.id())
        .param("subject", subject)
        .param("role", role.name())
        .param("by", grantedBy)
        .param("at", OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.UTC))
        .update();
    changes.changed();
    return list(spaceSlug).stream().filter(grant -> grant.subject().equals(subject)).findFirst().orElseThrow();
  }

  public List<Grant> list(String spaceSlug) {
    Space space = spaces.get(spaceSlug);
    return jdbc.sql("select subject, role, read_secrets, granted_by, granted_at from space_role where space_id = :space order by subject")
        .param("space", space.id())
        .query((rs, row) -> new Grant(rs.getString(1), Role.valueOf(rs.getString(2)), rs.getBoolean(3), rs.getString(4),
            rs.getObject(5, OffsetDateTime.class).toInstant()))
        .list();
  }

  @Transactional
  public void revoke(String spaceSlug, String subject) {
    Space space = spaces.get(spaceSlug);
    if (jdbc.sql("delete from space_role where space_id = :space and subject = :subject")
        .param("space", space.id()).param("subject", subject).update() == 0) {
      throw TandemException.notFound("'" + subject + "' has no role in space '" + spaceSlug + "'.");
    }
    changes.changed();
  }
}
