package io.tandem.security.domain;

import io.tandem.security.SecurityProperties;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidatorResult;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtDecoders;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.jwt.JwtValidators;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.stereotype.Component;

/**
 * Bearer JWTs from a configured OIDC identity provider ({@code tandem.security.oidc.issuer-uri}, and
 * {@code jwk-set-uri} where discovery is not wanted): the signature, expiry, issuer and, when configured, audience
 * are checked; the subject comes from {@code subject-claim} (default {@code preferred_username}, else {@code sub}),
 * and members of {@code admin-group} (in the {@code groups} claim) are organisation admins. Roles in spaces are
 * granted to that subject as to any other.
 */
@Component
public class OidcTokens {

  private static final Logger log = LoggerFactory.getLogger(OidcTokens.class);

  private final String issuer;
  private final String jwkSetUri;
  private final String audience;
  private final String subjectClaim;
  private final String adminGroup;
  private final String spaceCreatorsGroup;
  private volatile JwtDecoder decoder;

  OidcTokens(SecurityProperties settings) {
    SecurityProperties.Oidc oidc = settings.oidc();
    this.issuer = oidc.issuerUri();
    this.jwkSetUri = oidc.jwkSetUri();
    this.audience = oidc.audience();
    this.subjectClaim = oidc.subjectClaim();
    this.adminGroup = oidc.adminGroup();
    this.spaceCreatorsGroup = oidc.spaceCreatorsGroup();
  }

  boolean enabled() {
    return !issuer.isBlank() || !jwkSetUri.isBlank();
  }

  public Optional<Caller> authenticate(String token) {
    if (!enabled()) {
      return Optional.empty();
    }
    try {
      return callerOf(decoder().decode(token).getClaims());
    } catch (JwtException e) {
      log.debug("Refused a bearer JWT: {}", e.getMessage());
      return Optional.empty();
    }
  }

  /**
   * The caller verified claims stand for (a bearer JWT's, or the ID token's of a web UI sign-in): named by
   * {@code subject-claim}, else {@code sub}; an organisation admin when {@code groups} holds {@code admin-group}, one who may create spaces when it holds
   * {@code space-creators-group}.
   */
  public Optional<Caller> callerOf(Map<String, Object> claims) {
    Object named = claims.get(subjectClaim) != null ? claims.get(subjectClaim) : claims.get("sub");
    String subject = named == null ? null : named.toString();
    if (subject == null || subject.isBlank()) {
      return Optional.empty();
    }
    Object groups = claims.get("groups");
    boolean admin = member(groups, adminGroup);
    return Optional.of(new Caller(subject, admin, null, member(groups, spaceCreatorsGroup)));
  }

  private static boolean member(Object groups, String group) {
    return !group.isBlank() && groups instanceof Collection<?> list && list.contains(group);
  }

  /** Built on first use, so a server starts even while its identity provider is away. */
  private JwtDecoder decoder() {
    if (decoder == null) {
      synchronized (this) {
        if (decoder == null) {
          JwtDecoder built = jwkSetUri.isBlank() ? JwtDecoders.fromIssuerLocation(issuer) : NimbusJwtDecoder.withJwkSetUri(jwkSetUri).build();
          OAuth2TokenValidator<Jwt> validator = issuer.isBlank() ? JwtValidators.createDefault() : JwtValidators.createDefaultWithIssuer(issuer);
          if (!audience.isBlank()) {
            validator = new DelegatingOAuth2TokenValidator<>(validator, jwt -> jwt.getAudience() != null && jwt.getAudience().contains(audience)
                ? OAuth2TokenValidatorResult.success()
                : OAuth2TokenValidatorResult.failure(new OAuth2Error("invalid_token", "wrong audience", null)));
          }
          if (built instanceof NimbusJwtDecoder nimbus) {
            nimbus.setJwtValidator(validator);
          }
          decoder = built;
        }
      }
    }
    return decoder;
  }
}
