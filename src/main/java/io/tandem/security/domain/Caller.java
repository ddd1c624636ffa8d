package io.tandem.security.domain;

import java.io.Serializable;
import java.security.Principal;

/**
 * Who is calling: the subject a token was issued to (or {@code anonymous}, where allowed), and whether they are an
 * organisation admin (targets, tokens, the audit log, every space), and whether they may create spaces.
 *
 * <p>Serializable because the web UI's session, kept in PostgreSQL, holds it (a record: its fields alone decide what
 * a stored session can be read back into, across versions of the class).
 */
public record Caller(String name, boolean orgAdmin, String tokenPrefix, boolean createSpaces)
    implements Principal, Serializable {

  /** The name of a caller without a token, where the server lets such callers in (an org admin then). */
  public static final String ANONYMOUS = "anonymous";

  public Caller(String name, boolean orgAdmin, String tokenPrefix) {
    this(name, orgAdmin, tokenPrefix, false);
  }

  /** Whether the caller may create spaces: organisation admins, and callers given {@code createSpaces}. */
  public boolean mayCreateSpaces() {
    return orgAdmin || createSpaces;
  }

  @Override
  public String getName() {
    return name;
  }
}
