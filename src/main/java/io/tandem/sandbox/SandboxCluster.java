package io.tandem.sandbox;

import io.tandem.common.config.TandemProperties;
import io.tandem.common.net.OutboundPolicy;
import io.tandem.target.domain.ServedKubeconfig;
import io.tandem.target.domain.TargetCredentials;
import io.tandem.target.domain.TargetService;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * A Kubernetes API for trying Tandem without a cluster, registered as the target {@code sandbox}, with its kubeconfig
 * written to {@code <data-dir>/sandbox/kubeconfig} so that kubectl and other tools can change it out of band.
 * {@code tandem.sandbox.engine}: {@code kube-apiserver} runs a real control plane from the binaries that
 * {@code server/sandbox/build-cluster.sh} builds ({@link ControlPlane}); {@code mock} the in-process fabric8 mock
 * (no kubectl, no defaults, no managedFields, in memory); {@code auto} (the default) the real one where its binaries
 * are found, else the mock.
 */
@Component
@ConditionalOnProperty(name = "tandem.sandbox.enabled", havingValue = "true", matchIfMissing = true)
public class SandboxCluster implements DisposableBean, ServedKubeconfig {

  public static final String SLUG = "sandbox";
  private static final Logger log = LoggerFactory.getLogger(SandboxCluster.class);

  private final SandboxEngine engine;
  private final String kubeconfig;
  private final Path kubeconfigFile;
  private final TargetService targets;

  SandboxCluster(TargetService targets, TandemProperties properties, OutboundPolicy outbound,
      @Value("${tandem.sandbox.port:0}") int port,
      @Value("${tandem.sandbox.engine:auto}") String engine, @Value("${tandem.sandbox.binaries:}") String binaries,
      @Value("${tandem.sandbox.start-timeout:120s}") java.time.Duration startTimeout) {
    this.targets = targets;
    Path folder = properties.dataDir().resolve("sandbox").toAbsolutePath().normalize();
    this.engine = engine(engine, binaries, folder, port, startTimeout);
    this.kubeconfig = this.engine.kubeconfig();
    outbound.allowBuiltIn(this.engine.endpoint()); // the one loopback destination allowed without configuration
    this.kubeconfigFile = folder.resolve("kubeconfig");
    try {
      Files.createDirectories(folder);
      Files.writeString(kubeconfigFile, kubeconfig, StandardCharsets.UTF_8);
      try {
        Files.setPosixFilePermissions(kubeconfigFile, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
      } catch (UnsupportedOperationException e) {
        // not a POSIX file system
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the sandbox kubeconfig to " + kubeconfigFile, e);
    }
    log.info("Sandbox cluster ({}) ready; kubeconfig in {}", this.engine.name(), kubeconfigFile);
  }

  private static SandboxEngine engine(String engine, String binaries, Path folder, int port, java.time.Duration timeout) {
    if (engine.equals("mock")) {
      return new MockEngine(port);
    }
    if (!engine.equals("auto") && !engine.equals("kube-apiserver")) {
      throw new IllegalStateException("tandem.sandbox.engine is auto, kube-apiserver or mock, not '" + engine + "'");
    }
    StringBuilder why = new StringBuilder();
    java.util.Optional<ControlPlaneBinaries> found = ControlPlaneBinaries.find(binaries, why);
    if (found.isPresent()) {
      return ControlPlane.start(found.get(), folder, port, timeout);
    }
    if (engine.equals("kube-apiserver")) {
      throw new IllegalStateException("tandem.sandbox.engine=kube-apiserver, but " + why);
    }
    log.info("Sandbox engine: the in-process mock, since {}", why);
    return new MockEngine(port);
  }

  /** Registers (or re-registers, the port may have changed) the target once the database is ready. */
  @EventListener(ApplicationReadyEvent.class)
  void register() {
    targets.registerBuiltIn(SLUG, new TargetCredentials(kubeconfig, "sandbox", null, null, null, false), "default");
    targets.check(SLUG);
  }

  @Override
  public String slug() {
    return SLUG;
  }

  @Override
  public String kubeconfig() {
    return kubeconfig;
  }

  /** {@code kube-apiserver} or {@code mock}. */
  public String engine() {
    return engine.name();
  }

  /** For tests and tools in this process: a client of the sandbox, as an admin. */
  public io.fabric8.kubernetes.client.KubernetesClient client() {
    return new io.fabric8.kubernetes.client.KubernetesClientBuilder()
        .withConfig(io.fabric8.kubernetes.client.Config.fromKubeconfig(kubeconfig)).build();
  }

  /** Restarts the real engine's API server, keeping its state (for tests of what clients do when it goes away). */
  void restartApiServer() {
    if (!(engine instanceof ControlPlane controlPlane)) {
      throw new UnsupportedOperationException("The " + engine.name() + " sandbox has no API server to restart");
    }
    controlPlane.restartApiServer();
  }

  @Override
  public void destroy() {
    engine.close();
  }
}
