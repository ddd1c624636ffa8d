package io.tandem.target.domain;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.VersionInfo;
import io.tandem.common.error.TandemException;
import java.time.Clock;
import java.time.Duration;
import org.springframework.stereotype.Component;

/** Builds Kubernetes clients from credentials, and checks that a cluster answers. */
@Component
public class ClusterConnector {

  private static final int CONNECT_TIMEOUT_MS = 3_000;
  private static final int REQUEST_TIMEOUT_MS = 10_000;

  private final Clock clock;

  public ClusterConnector(Clock clock) {
    this.clock = clock;
  }

  /**
   * The client configuration the credentials describe.
   *
   * @throws TandemException {@code validation-failed} for a kubeconfig that cannot be read (without its content)
   */
  public Config config(TargetCredentials credentials, String namespace) {
    Config config;
    if (credentials.kubeconfig() != null) {
      try {
        config = Config.fromKubeconfig(credentials.context(), credentials.kubeconfig(), null);
      } catch (RuntimeException e) {
        throw TandemException.validation(
            "Field 'kubeconfig' cannot be read as a kubeconfig" + (credentials.context() == null ? "" : " with context '" + credentials.context() + "'") + ".");
      }
      if (config.getMasterUrl() == null || config.getMasterUrl().isBlank()) {
        throw TandemException.validation("Field 'kubeconfig' names no cluster server" + (credentials.context() == null ? "" : " for context '" + credentials.context() + "'") + ".");
      }
    } else {
      config =
          new ConfigBuilder(Config.empty())
              .withMasterUrl(credentials.server())
              .withOauthToken(credentials.token())
              .withCaCertData(credentials.caData())
              .withTrustCerts(credentials.insecureSkipTlsVerify())
              .withDisableHostnameVerification(credentials.insecureSkipTlsVerify())
              .build();
    }
    if (namespace != null) {
      config.setNamespace(namespace);
    }
    config.setConnectionTimeout(CONNECT_TIMEOUT_MS);
    config.setRequestTimeout(REQUEST_TIMEOUT_MS);
    config.setRequestRetryBackoffLimit(0);
    return config;
  }

  public KubernetesClient connect(TargetCredentials credentials, String namespace) {
    return new KubernetesClientBuilder().withConfig(config(credentials, namespace)).build();
  }

  /** Asks the cluster for its version; never throws. The error names the failure, not the credentials. */
  public ClusterHealth check(TargetCredentials credentials) {
    long start = System.nanoTime();
    try (KubernetesClient client = connect(credentials, null)) {
      VersionInfo version = client.getKubernetesVersion();
      int latency = (int) Duration.ofNanos(System.nanoTime() - start).toMillis();
      return new ClusterHealth(true, version == null ? null : version.getGitVersion(), latency, null, clock.instant());
    } catch (RuntimeException e) {
      return new ClusterHealth(false, null, null, describe(e), clock.instant());
    }
  }

  /** A failure in words fit for users: the exception's own message, cut short, with no request headers in it. */
  public static String describe(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    message = message.replaceAll("(?i)(bearer|token|authorization)[^,;\\n]*", "$1 [redacted]");
    return message.length() > 300 ? message.substring(0, 300) + "…" : message;
  }
}
