package io.tandem.security.domain;

import io.tandem.common.access.Role;

/** The words of a refusal, one place for the route check and the cross-space check. */
public final class AccessDecision {

  private AccessDecision() {}

  static String needs(String space, Role role) {
    return "This needs the role " + role + " (or more) in space '" + space + "'.";
  }

  public static String needsOrgAdmin() {
    return "This needs an organisation admin.";
  }
}
