package io.tandem.security.domain;

import io.tandem.common.access.Role;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Who has which role in which space: one role per subject and space, gone with the space. The store does not end what
 * servers cached about roles: its caller ({@link SpaceRoles}) tells {@link SecurityChanges} after each write, and the
 * database's trigger tells the other servers.
 */
public interface SpaceRoleStore {

  /** A role a subject holds in a space, by the space's slug. */
  record Held(String space, Role role, boolean readSecrets) {}

  /** The roles the subject holds, in any space. */
  List<Held> heldBy(String subject);

  /** Gives the subject the role in the space, replacing any it had there. */
  void put(UUID spaceId, String subject, Role role, boolean readSecrets, String grantedBy, Instant at);

  /** The space's roles, by subject. */
  List<SpaceRoles.Grant> list(UUID spaceId);

  /** Takes the subject's role in the space away; whether it had one. */
  boolean delete(UUID spaceId, String subject);
}
