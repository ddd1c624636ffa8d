package io.tandem.space.domain;

import java.security.Principal;
import java.util.Optional;
import java.util.Set;

/** Which spaces a caller may see; security answers from the caller's roles. */
public interface SpaceVisibility {

  /** Empty when the caller sees every space (an organisation admin), else the slugs of the spaces it may see. */
  Optional<Set<String>> visibleSpaces(Principal principal);
}
