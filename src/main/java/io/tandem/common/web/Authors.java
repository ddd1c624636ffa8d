package io.tandem.common.web;

import java.security.Principal;

/** Who a change is recorded as made by. */
public final class Authors {

  /** Recorded while the server runs without authentication. */
  public static final String ANONYMOUS = "anonymous";

  private Authors() {}

  public static String of(Principal principal) {
    return principal == null || principal.getName() == null ? ANONYMOUS : principal.getName();
  }
}
