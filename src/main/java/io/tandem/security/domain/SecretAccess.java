package io.tandem.security.domain;

import io.tandem.common.yaml.SecretMasker;
import java.security.Principal;
import java.util.function.UnaryOperator;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Component;

/**
 * Who may read Secret values: organisation admins, and subjects granted {@code readSecrets} in the space. Everyone
 * else reads {@code ***} in data, revisions, diffs and live state.
 */
@Component
public class SecretAccess {

  private final SpaceRoles roles;

  SecretAccess(SpaceRoles roles) {
    this.roles = roles;
  }

  public boolean mayRead(Principal principal, String space) {
    if (!(principal instanceof Authentication authentication) || !(authentication.getPrincipal() instanceof Caller caller)) {
      return false;
    }
    return caller.orgAdmin() || roles.readsSecrets(space, caller.name());
  }

  /** What a caller sees of a unit's text in the space: the text, or the text with Secret values masked. */
  public UnaryOperator<String> view(Principal principal, String space) {
    return mayRead(principal, space) ? UnaryOperator.identity() : SecretMasker::mask;
  }
}
