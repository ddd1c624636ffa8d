package io.tandem.security.domain;

import io.tandem.common.access.AccessCheck;
import io.tandem.common.access.Role;
import io.tandem.common.error.TandemException;
import java.util.Optional;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;

/** {@link AccessCheck} for the caller of the current request, from the roles in {@link SpaceRoles}. */
@Component
public class CallerAccessCheck implements AccessCheck {

  private final SpaceRoles roles;

  CallerAccessCheck(SpaceRoles roles) {
    this.roles = roles;
  }

  @Override
  public void require(String space, Role role) {
    Caller caller = current().orElseThrow(() -> TandemException.forbidden("This needs a caller."));
    if (!caller.orgAdmin() && !roles.roleOf(space, caller.name()).map(held -> held.includes(role)).orElse(false)) {
      throw TandemException.forbidden(AccessDecision.needs(space, role));
    }
  }

  @Override
  public boolean mayReadSecrets(String space) {
    return current().map(caller -> caller.orgAdmin() || roles.readsSecrets(space, caller.name())).orElse(false);
  }

  public static Optional<Caller> current() {
    Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
    return authentication != null && authentication.getPrincipal() instanceof Caller caller ? Optional.of(caller) : Optional.empty();
  }
}
