package io.tandem.targets.domain;

/**
 * How to reach and authenticate to a cluster: a kubeconfig (with an optional context), or a server URL with a bearer
 * token and CA, or only the name of the worker that runs beside the cluster and holds its credentials itself. Stored
 * only encrypted, never returned, never logged: {@link #toString()} hides everything.
 */
public record TargetCredentials(String kubeconfig, String context, String server, String token, String caData,
    boolean insecureSkipTlsVerify, String worker) {

  public TargetCredentials(
      String kubeconfig, String context, String server, String token, String caData, boolean insecureSkipTlsVerify) {
    this(kubeconfig, context, server, token, caData, insecureSkipTlsVerify, null);
  }

  /** A cluster reached through the worker {@code worker}: the server holds no credential of it. */
  public static TargetCredentials ofWorker(String worker) {
    return new TargetCredentials(null, null, null, null, null, false, worker);
  }

  public boolean viaWorker() {
    return worker != null;
  }

  @Override
  public String toString() {
    return "TargetCredentials[redacted]";
  }
}
