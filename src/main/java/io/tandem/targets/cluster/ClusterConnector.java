package io.tandem.targets.cluster;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.VersionInfo;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.vertx5.Vertx5HttpClientFactory;
import io.tandem.common.error.TandemException;
import io.tandem.common.net.OutboundPolicy;
import io.tandem.common.net.RemoteFailures;
import io.tandem.targets.domain.ClusterHealth;
import io.tandem.targets.domain.Target;
import io.tandem.targets.domain.TargetCredentials;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.file.FileSystemOptions;
import jakarta.annotation.PreDestroy;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.stereotype.Component;

/** Builds Kubernetes clients from credentials, and checks that a cluster answers. */
@Component
public class ClusterConnector {

  private static final int CONNECT_TIMEOUT_MS = 3_000;
  private static final int REQUEST_TIMEOUT_MS = 10_000;

  static {
    // Names are resolved by the JDK, as the outbound policy resolves them. The client sets this only while it makes
    // its Vert.x instance and clears it after, so two clients made at once could get Vert.x's own DNS resolver, which
    // reads neither the JDK's hosts file nor its resolver and answered "host not found" for a name the JDK knew.
    if (System.getProperty("vertx.disableDnsResolver") == null) {
      System.setProperty("vertx.disableDnsResolver", "true");
    }
  }

  /**
   * One Vert.x for every client made here: each client keeps its own connections, but a Vert.x of its own would
   * start and stop six threads for every action, watch and check (a benchmark's minute of applies started 3,600).
   * Its threads are daemons, so it lives as long as the JVM.
   */
  private static final HttpClient.Factory HTTP = new Vertx5HttpClientFactory(Vertx.vertx(new VertxOptions()
      .setFileSystemOptions(new FileSystemOptions().setFileCachingEnabled(false).setClassPathResolvingEnabled(false))
      .setUseDaemonThread(true)));

  private final Clock clock;
  private final OutboundPolicy outbound;
  private final SharedClients shared = new SharedClients(System::nanoTime);

  public ClusterConnector(Clock clock, OutboundPolicy outbound) {
    this.clock = clock;
    this.outbound = outbound;
  }

  /**
   * At registration: refuses credentials whose server (or proxy) is a destination this server must not call.
   *
   * @throws TandemException {@code destination-not-allowed}
   */
  public void requireAllowed(TargetCredentials credentials) {
    String field = credentials.kubeconfig() != null ? "kubeconfig" : "server";
    List<URI> destinations = destinations(config(credentials, null));
    for (int i = 0; i < destinations.size(); i++) {
      outbound.requireAllowed(field, destinations.get(i), use(i));
    }
  }

  /** The API server (the first destination) may be the sandbox's own address; a proxy may not. */
  private static OutboundPolicy.Use use(int destination) {
    return destination == 0 ? OutboundPolicy.Use.CLUSTER : OutboundPolicy.Use.OTHER;
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
        config = fromKubeconfig(credentials.context(), credentials.kubeconfig());
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

  // Deprecated for removal, with no replacement that picks a context of a kubeconfig given as text:
  // fromKubeconfig(String) takes its current context and skips the system properties and server URL normalising this
  // one applies; fromKubeconfig(String, File) reads a file.
  @SuppressWarnings("removal")
  private static Config fromKubeconfig(String context, String kubeconfig) {
    return Config.fromKubeconfig(context, kubeconfig, null);
  }

  /**
   * A client, once the server (and proxy) it would call are checked again: DNS may have changed since registration.
   *
   * @throws TandemException {@code destination-not-allowed}
   */
  public KubernetesClient connect(TargetCredentials credentials, String namespace) {
    Config config = config(credentials, namespace);
    requireResolvedAllowed(credentials, config);
    return build(config);
  }

  private void requireResolvedAllowed(TargetCredentials credentials, Config config) {
    String field = credentials.kubeconfig() != null ? "kubeconfig" : "server";
    List<URI> destinations = destinations(config);
    for (int i = 0; i < destinations.size(); i++) {
      try {
        outbound.resolveAllowed(field, destinations.get(i), use(i));
      } catch (UnknownHostException e) {
        // the client fails on its own, as "host not found"
      }
    }
  }

  private static KubernetesClient build(Config config) {
    return new KubernetesClientBuilder().withConfig(config).withHttpClientFactory(HTTP)
        .withKubernetesSerialization(ClusterApplier.SERIALIZATION).build();
  }

  /**
   * A connection to a target's cluster, its client in the target's namespace: the client the last connection with the
   * same credentials used, when one is still open, once the destinations are checked again.
   */
  Connection connect(Target target, TargetCredentials credentials) {
    SharedClients.Key key = SharedClients.Key.of(credentials, target.namespace());
    // a shared client's configuration is what the credentials describe: reading a kubeconfig again for every action
    // cost as much as the rest of connecting
    KubernetesClient client = shared.take(key, () -> build(config(credentials, target.namespace())));
    try {
      requireResolvedAllowed(credentials, client.getConfiguration());
    } catch (RuntimeException e) {
      shared.release(key);
      throw e;
    }
    AtomicBoolean released = new AtomicBoolean();
    return new Connection(target, client, () -> {
      if (released.compareAndSet(false, true)) {
        shared.release(key);
      }
    });
  }

  @PreDestroy
  void closeSharedClients() {
    shared.close();
  }

  /** Where a client with this configuration opens connections: the API server first, then a proxy when one is set. */
  private static List<URI> destinations(Config config) {
    if (config.getMasterUrl() == null || config.getMasterUrl().isBlank()) {
      throw TandemException.validation("The cluster server is not a URL.");
    }
    List<URI> destinations = new ArrayList<>();
    for (String url : new String[] {config.getMasterUrl(), config.getHttpsProxy(), config.getHttpProxy()}) {
      if (url != null && !url.isBlank()) {
        try {
          destinations.add(URI.create(url.strip()));
        } catch (IllegalArgumentException e) {
          throw TandemException.validation("The cluster server or proxy is not a URL.");
        }
      }
    }
    return destinations;
  }

  /** Asks the cluster for its version; never throws. The error names the failure, not the credentials. */
  public ClusterHealth check(TargetCredentials credentials) {
    long start = System.nanoTime();
    try (KubernetesClient client = connect(credentials, null)) {
      VersionInfo version = client.getKubernetesVersion();
      int latency = (int) Duration.ofNanos(System.nanoTime() - start).toMillis();
      return new ClusterHealth(true, version == null ? null : version.getGitVersion(), latency, null, clock.instant(),
          clusterId(client));
    } catch (RuntimeException e) {
      return new ClusterHealth(false, null, null, describe(e), clock.instant());
    }
  }

  /** The uid of the cluster's kube-system namespace; {@code null} when the credentials may not read it. */
  private static String clusterId(KubernetesClient client) {
    try {
      var namespace = client.namespaces().withName("kube-system").get();
      return namespace == null ? null : namespace.getMetadata().getUid();
    } catch (KubernetesClientException e) {
      return null;
    }
  }

  /**
   * Whether a failure is that this server could not connect to the cluster at all, rather than an answer of the
   * cluster: another server, in another network, may still reach it.
   */
  public static boolean notConnected(Throwable e) {
    for (Throwable cause = e; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
      if (cause instanceof KubernetesClientException k && k.getCode() > 0) {
        return false;
      }
    }
    return RemoteFailures.notConnected(e);
  }

  /**
   * A failure as a person needs it: the HTTP status, and of a Kubernetes status its reason and what it says (the
   * fields it names, {@link ClusterAnswers}), or a generic network reason. Never a body that is not a Kubernetes
   * status, which may be anything when the "cluster" is some other service.
   */
  public static String describe(Throwable e) {
    for (Throwable cause = e; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
      if (cause instanceof KubernetesClientException k && k.getCode() > 0) {
        return ClusterAnswers.describe(k.getCode(), k.getStatus());
      }
    }
    return RemoteFailures.reason(e, "the cluster could not be reached or read");
  }
}
