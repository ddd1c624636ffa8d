package io.tandem.web;

import io.tandem.common.access.Role;
import io.tandem.security.domain.SpaceRoles;
import java.security.Principal;

/** What the pages offer: a button shows only to a caller whose role would be allowed to press it. */
final class Roles {

  private Roles() {}

  static boolean may(SpaceRoles roles, Principal principal, String space, Role needed) {
    return roles.roleOf(principal, space).map(held -> held.includes(needed)).orElse(false);
  }
}
