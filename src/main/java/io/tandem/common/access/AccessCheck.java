package io.tandem.common.access;

/**
 * What the domain asks of the caller of the current request when it follows a reference into another space (a unit's
 * upstream, a clone's destination, a link, a change set …): the route's own space was checked before the handler
 * ran, every other space a request touches is checked here. Implemented by the security feature.
 */
public interface AccessCheck {

  /**
   * Refuses (403 {@code forbidden}) unless the current caller holds {@code role} or more in {@code space}; organisation
   * admins hold every role. Like the route check, it does not tell a space without a role from one that does not exist.
   */
  void require(String space, Role role);

  /** Whether the current caller may read Secret values in {@code space}. */
  boolean mayReadSecrets(String space);
}
