package io.tandem.security.domain;

import io.tandem.common.access.Role;
import io.tandem.common.error.TandemException;
import io.tandem.security.SecurityProperties;
import io.tandem.space.domain.Space;
import io.tandem.space.domain.SpaceCreated;
import io.tandem.space.domain.SpaceDeleted;
import io.tandem.space.domain.SpaceService;
import io.tandem.space.domain.SpaceVisibility;
import java.security.Principal;
import java.time.Clock;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.context.event.EventListener;
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

  private final SpaceRoleStore store;
  private final SpaceService spaces;
  private final Clock clock;
  private final SecurityChanges changes;
  /** Each subject's roles, by space slug. */
  private final FreshCache<String, Map<String, Held>> bySubject;

  SpaceRoles(SpaceRoleStore store, SpaceService spaces, Clock clock, SecurityChanges changes,
      SecurityProperties settings) {
    this.store = store;
    this.spaces = spaces;
    this.clock = clock;
    this.changes = changes;
    this.bySubject = new FreshCache<>(settings.cache().entries(), settings.cache().ttl(), changes::generation);
  }

  /** The creator of a space is its first admin (anonymous callers are organisation admins already). */
  @EventListener
  void creatorAdministers(SpaceCreated created) {
    if (!created.creator().equals(Caller.ANONYMOUS)) {
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
    return bySubject.get(subject, key -> store.heldBy(key).stream()
        .collect(Collectors.toUnmodifiableMap(SpaceRoleStore.Held::space, held -> new Held(held.role(),
            held.readSecrets()))));
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
    store.put(space.id(), subject, role, readSecrets, grantedBy, clock.instant());
    changes.changed();
    return list(spaceSlug).stream().filter(grant -> grant.subject().equals(subject)).findFirst().orElseThrow();
  }

  public List<Grant> list(String spaceSlug) {
    Space space = spaces.get(spaceSlug);
    return store.list(space.id());
  }

  @Transactional
  public void revoke(String spaceSlug, String subject) {
    Space space = spaces.get(spaceSlug);
    if (!store.delete(space.id(), subject)) {
      throw TandemException.notFound("'" + subject + "' has no role in space '" + spaceSlug + "'.");
    }
    changes.changed();
  }
}
