package io.tandem.security;

import java.security.Principal;

/**
 * Who is calling: the subject a token was issued to (or {@code anonymous}, where allowed), and whether they are an
 * organisation admin (targets, tokens, the audit log, every space).
 */
public record Caller(String name, boolean orgAdmin, String tokenPrefix) implements Principal {

  @Override
  public String getName() {
    return name;
  }
}
