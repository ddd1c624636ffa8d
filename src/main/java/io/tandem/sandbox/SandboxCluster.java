package io.tandem.sandbox;

import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.tandem.common.config.TandemProperties;
import io.tandem.common.net.OutboundPolicy;
import io.tandem.target.domain.TargetCredentials;
import io.tandem.target.domain.TargetService;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * A Kubernetes API inside the server, for trying Tandem without a cluster: the fabric8 mock server in CRUD mode on
 * loopback, registered as the target {@code sandbox}, with its kubeconfig written to
 * {@code <data-dir>/sandbox/kubeconfig} so other tools (fabric8-based ones; kubectl needs discovery, which the mock
 * lacks) can change it out of band. Its objects live in memory: a restart starts it empty.
 */
@Component
@ConditionalOnProperty(name = "tandem.sandbox.enabled", havingValue = "true", matchIfMissing = true)
public class SandboxCluster implements DisposableBean {

  public static final String SLUG = "sandbox";
  private static final Logger log = LoggerFactory.getLogger(SandboxCluster.class);

  private final KubernetesMockServer server;
  private final String kubeconfig;
  private final Path kubeconfigFile;
  private final TargetService targets;

  SandboxCluster(TargetService targets, TandemProperties properties, OutboundPolicy outbound,
      @Value("${tandem.sandbox.port:0}") int port) {
    this.targets = targets;
    this.server =
        new KubernetesMockServer(
            new Context(), new MockWebServer(), new HashMap<>(), new ApplyPatchCrudDispatcher(), false);
    InetAddress loopback = InetAddress.getLoopbackAddress();
    try {
      server.init(loopback, port);
    } catch (RuntimeException e) {
      throw new IllegalStateException("Cannot start the sandbox cluster on port " + port + ": " + e.getMessage(), e);
    }
    // The address itself, not a name such as localhost that may also resolve to an address nothing listens on.
    String host = loopback instanceof Inet6Address ? "[" + loopback.getHostAddress() + "]" : loopback.getHostAddress();
    String url = "http://" + host + ":" + server.getPort();
    outbound.allowBuiltIn(new InetSocketAddress(loopback, server.getPort()));
    this.kubeconfig =
        """
        apiVersion: v1
        kind: Config
        clusters:
        - name: sandbox
          cluster:
            server: %s
        users:
        - name: sandbox
          user:
            token: sandbox
        contexts:
        - name: sandbox
          context:
            cluster: sandbox
            user: sandbox
            namespace: default
        current-context: sandbox
        """
            .formatted(url);
    this.kubeconfigFile = properties.dataDir().resolve("sandbox").resolve("kubeconfig").toAbsolutePath().normalize();
    try {
      Files.createDirectories(kubeconfigFile.getParent());
      Files.writeString(kubeconfigFile, kubeconfig, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the sandbox kubeconfig to " + kubeconfigFile, e);
    }
    log.info("Sandbox cluster listening on {}; kubeconfig in {}", url, kubeconfigFile);
  }

  /** Registers (or re-registers, the port may have changed) the target once the database is ready. */
  @EventListener(ApplicationReadyEvent.class)
  void register() {
    targets.registerBuiltIn(SLUG, new TargetCredentials(kubeconfig, "sandbox", null, null, null, false), "default");
    targets.check(SLUG);
  }

  public String slug() {
    return SLUG;
  }

  public String kubeconfig() {
    return kubeconfig;
  }

  /** For tests and tools in this process: a client of the sandbox. */
  public io.fabric8.kubernetes.client.KubernetesClient client() {
    return server.createClient();
  }

  @Override
  public void destroy() {
    server.destroy();
  }
}
