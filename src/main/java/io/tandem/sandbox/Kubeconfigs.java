package io.tandem.sandbox;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** The sandbox's kubeconfig: one cluster, one user with a bearer token, one context in namespace default. */
final class Kubeconfigs {

  private Kubeconfigs() {}

  /** {@code caPem} null: a plain-HTTP server (the mock). */
  static String of(String server, String caPem, String token) {
    String ca = caPem == null ? ""
        : "\n    certificate-authority-data: " + Base64.getEncoder().encodeToString(caPem.getBytes(StandardCharsets.US_ASCII));
    return """
        apiVersion: v1
        kind: Config
        clusters:
        - name: sandbox
          cluster:
            server: %s%s
        users:
        - name: sandbox
          user:
            token: %s
        contexts:
        - name: sandbox
          context:
            cluster: sandbox
            user: sandbox
            namespace: default
        current-context: sandbox
        """.formatted(server, ca, token);
  }
}
