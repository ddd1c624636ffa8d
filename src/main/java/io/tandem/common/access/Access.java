package io.tandem.common.access;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Who may call an API operation, declared on the handler method itself, so that access is decided on the handler that
 * will actually run, with its decoded path variables, never on the request's raw path. A handler under {@code /api}
 * without it is refused for everyone (and {@code SecurityIT} fails).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Access {

  /** Who may call. */
  Who value();

  /** With {@link Who#SPACE_ROLE}: the least role needed in the space named by the path variable {@code space}. */
  Role role() default Role.admin;

  /** Whether the call is limited per caller ({@code tandem.security.expensive-calls-per-minute}). */
  boolean expensive() default false;

  enum Who {
    /** Any authenticated caller; what it sees is filtered by its roles. */
    ANY_CALLER,
    /** Organisation admins only. */
    ORG_ADMIN,
    /** Organisation admins and callers given {@code createSpaces}. */
    SPACE_CREATOR,
    /** A role in the route's space, {@link #role()} or more. */
    SPACE_ROLE,
    /**
     * No token: the request carries its own proof, which the operation checks (a Git host's webhook, signed with a
     * secret shared with it). Its path must also be open in the security filter chain.
     */
    SIGNED_REQUEST
  }
}
