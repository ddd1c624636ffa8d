package io.tandem.targets.domain;

/**
 * How to reach and authenticate to a cluster: a kubeconfig (with an optional context), or a server URL with a bearer
 * token and CA. Stored only encrypted, never returned, never logged: {@link #toString()} hides everything.
 */
public record TargetCredentials(
    String kubeconfig, String context, String server, String token, String caData, boolean insecureSkipTlsVerify) {

  @Override
  public String toString() {
    return "TargetCredentials[redacted]";
  }
}
