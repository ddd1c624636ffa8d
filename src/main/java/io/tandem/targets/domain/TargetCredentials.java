package io.tandem.targets.domain;

import java.util.ArrayList;
import java.util.List;

/**
 * How to reach and authenticate to a cluster: a kubeconfig (with an optional context), or a server URL with a bearer
 * token and CA, or only the name of the worker that runs beside the cluster and holds its credentials itself (and of
its standbys, which take over while it is not connected). Stored
 * only encrypted, never returned, never logged: {@link #toString()} hides everything.
 */
public record TargetCredentials(String kubeconfig, String context, String server, String token, String caData,
    boolean insecureSkipTlsVerify, String worker, List<String> standbyWorkers) {

  public TargetCredentials(
      String kubeconfig, String context, String server, String token, String caData, boolean insecureSkipTlsVerify) {
    this(kubeconfig, context, server, token, caData, insecureSkipTlsVerify, null, null);
  }

  /**
   * A cluster reached through the worker {@code worker}, or while it is not connected through the first connected of
   * {@code standbys}: the server holds no credential of it.
   */
  public static TargetCredentials ofWorker(String worker, List<String> standbys) {
    return new TargetCredentials(null, null, null, null, null, false, worker, List.copyOf(standbys));
  }

  public boolean viaWorker() {
    return worker != null;
  }

  /** The worker and its standbys, in the order they are preferred; empty for a direct connection. */
  public List<String> workers() {
    if (worker == null) {
      return List.of();
    }
    List<String> all = new ArrayList<>(List.of(worker));
    all.addAll(standbyWorkers == null ? List.of() : standbyWorkers);
    return List.copyOf(all);
  }

  @Override
  public String toString() {
    return "TargetCredentials[redacted]";
  }
}
