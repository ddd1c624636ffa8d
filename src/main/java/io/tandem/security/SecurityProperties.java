package io.tandem.security;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Who may call the API ({@code tandem.security.*}).
 *
 * @param bootstrapToken the first admin's token, a {@code tdm_<prefix>_<secret>} chosen for a deployment; unset, a
 *     first start with no token at all writes one to {@code <data-dir>/admin.token}
 * @param anonymous let calls without a token through as an organisation admin, from this machine's loopback address
 *     only: for experiments, never for a deployment
 * @param expensiveCallsPerMinute how many expensive calls (bulk operations, change-set applies) a caller may make per
 *     minute before {@code 429 rate-limited}
 * @param oidc bearer JWTs from the organisation's identity provider
 */
@ConfigurationProperties("tandem.security")
public record SecurityProperties(
    @DefaultValue("") String bootstrapToken,
    @DefaultValue("false") boolean anonymous,
    @DefaultValue("120") int expensiveCallsPerMinute,
    @DefaultValue Oidc oidc) {

  @Override
  public String toString() {
    return "SecurityProperties[bootstrapToken=" + (bootstrapToken.isBlank() ? "unset" : "(set)") + ", anonymous="
        + anonymous + ", expensiveCallsPerMinute=" + expensiveCallsPerMinute + ", oidc=" + oidc + "]";
  }

  /**
   * @param issuerUri the identity provider's issuer; setting it (or {@code jwk-set-uri}) turns bearer JWTs on, and their
   *     {@code iss} must match it
   * @param jwkSetUri where the provider's signing keys are, when its discovery document is not to be used
   * @param audience the audience a token must carry; unset, any
   * @param subjectClaim the claim that names the caller; {@code sub} where a token lacks it
   * @param adminGroup members of this group (in the {@code groups} claim) are organisation admins
   */
  public record Oidc(
      @DefaultValue("") String issuerUri,
      @DefaultValue("") String jwkSetUri,
      @DefaultValue("") String audience,
      @DefaultValue("preferred_username") String subjectClaim,
      @DefaultValue("") String adminGroup) {}
}
