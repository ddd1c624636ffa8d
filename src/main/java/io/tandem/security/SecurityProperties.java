package io.tandem.security;

import java.time.Duration;
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
 *     minute before {@code 429 rate-limited}, counted in the database across all replicas
 * @param concurrentWritesPerCaller how many writes (POST, PUT, PATCH, DELETE) one caller may have in progress at once
 *     on a server before the next is {@code 429 rate-limited}; a token is one caller, anonymous callers are told apart
 *     by address; 0 for no limit
 * @param oidc bearer JWTs from the organisation's identity provider
 * @param cache what a server remembers of tokens and roles between requests
 */
@ConfigurationProperties("tandem.security")
public record SecurityProperties(
    @DefaultValue("") String bootstrapToken,
    @DefaultValue("false") boolean anonymous,
    @DefaultValue("120") int expensiveCallsPerMinute,
    @DefaultValue("16") int concurrentWritesPerCaller,
    @DefaultValue Oidc oidc,
    @DefaultValue Cache cache) {

  @Override
  public String toString() {
    return "SecurityProperties[bootstrapToken=" + (bootstrapToken.isBlank() ? "unset" : "(set)") + ", anonymous="
        + anonymous + ", expensiveCallsPerMinute=" + expensiveCallsPerMinute
        + ", concurrentWritesPerCaller=" + concurrentWritesPerCaller + ", oidc=" + oidc + ", cache=" + cache + "]";
  }

  /**
   * Bearer JWTs and web UI sign-in through the organisation's identity provider ({@code tandem.security.oidc.*}).
   *
   * @param issuerUri the identity provider's issuer; setting it (or {@code jwk-set-uri}) turns bearer JWTs on, and their
   *     {@code iss} must match it
   * @param jwkSetUri where the provider's signing keys are, when its discovery document is not to be used
   * @param audience the audience a token must carry; unset, any
   * @param subjectClaim the claim that names the caller; {@code sub} where a token lacks it
   * @param adminGroup members of this group (in the {@code groups} claim) are organisation admins
   * @param spaceCreatorsGroup members of this group may create spaces
   * @param clientId the web UI's client at the identity provider; setting it (with {@code issuer-uri}) offers sign-in
   *     with the provider (OpenID Connect authorization code, redirect {@code <server>/ui/oauth2/code/oidc})
   * @param clientSecret that client's secret
   */
  public record Oidc(
      @DefaultValue("") String issuerUri,
      @DefaultValue("") String jwkSetUri,
      @DefaultValue("") String audience,
      @DefaultValue("preferred_username") String subjectClaim,
      @DefaultValue("") String adminGroup,
      @DefaultValue("") String clientId,
      @DefaultValue("") String clientSecret,
      @DefaultValue("") String spaceCreatorsGroup) {

    /** Whether the web UI offers sign-in with the identity provider. */
    public boolean login() {
      return !issuerUri.isBlank() && !clientId.isBlank();
    }

    @Override
    public String toString() {
      return "Oidc[issuerUri=" + issuerUri + ", jwkSetUri=" + jwkSetUri + ", audience=" + audience + ", subjectClaim="
          + subjectClaim + ", adminGroup=" + adminGroup + ", spaceCreatorsGroup=" + spaceCreatorsGroup + ", clientId=" + clientId + ", clientSecret="
          + (clientSecret.isBlank() ? "unset" : "(set)") + "]";
    }
  }

  /**
   * What a server remembers of tokens and roles between requests ({@code tandem.security.cache.*}).
   *
   * @param ttl how long a server trusts what it read about a token or a subject's roles before reading it again;
   *     {@code 0} reads them on every request. A revoke or a role change ends it sooner (see {@code change-poll})
   * @param entries how many tokens, and how many subjects' roles, a server remembers (the least recently used go)
   * @param changePoll how often a server asks the database whether any server changed a token or a role, and then
   *     forgets what it remembered: the longest a revoke takes to reach another server (the server that revokes
   *     forgets at once)
   */
  public record Cache(
      @DefaultValue("5s") Duration ttl,
      @DefaultValue("10000") int entries,
      @DefaultValue("250ms") Duration changePoll) {}
}
