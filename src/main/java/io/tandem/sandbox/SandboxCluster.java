package io.tandem.sandbox;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.tandem.common.config.TandemProperties;
import io.tandem.common.files.OwnerOnlyFiles;
import io.tandem.common.net.OutboundPolicy;
import io.tandem.targets.domain.ServedKubeconfig;
import io.tandem.targets.domain.TargetCredentials;
import io.tandem.targets.domain.TargetGrant;
import io.tandem.targets.domain.TargetGrants;
import io.tandem.targets.domain.TargetService;
import io.tandem.targets.domain.TargetUse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
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
public class SandboxCluster implements SmartInitializingSingleton, DisposableBean, ServedKubeconfig {

  public static final String SLUG = "sandbox";
  /** Who the sandbox's grant to every space is recorded as given by. */
  private static final String GRANTED_BY = "tandem.sandbox.open-to-every-space";
  private static final Logger log = LoggerFactory.getLogger(SandboxCluster.class);

  private final TargetService targets;
  private final TargetGrants grants;
  private final SandboxProperties settings;
  private final OutboundPolicy outbound;
  private final Path folder;
  /** Started while the rest of the server is made ({@link SandboxEarlyStart}); {@link #afterSingletonsInstantiated()} waits. */
  private final CompletableFuture<SandboxEngine> starting;
  private volatile SandboxEngine engine;
  private volatile String kubeconfig;

  SandboxCluster(TargetService targets, TargetGrants grants, TandemProperties properties, OutboundPolicy outbound,
      SandboxProperties settings) {
    this.targets = targets;
    this.grants = grants;
    this.settings = settings;
    this.outbound = outbound;
    this.folder = folder(properties);
    this.starting = SandboxEarlyStart.take(settings, folder);
  }

  /** Where the sandbox keeps its kubeconfig, and the real engine its state. */
  static Path folder(TandemProperties properties) {
    return properties.dataDir().resolve("sandbox").toAbsolutePath().normalize();
  }

  private SandboxEngine started() {
    try {
      return starting.join();
    } catch (CompletionException e) {
      throw e.getCause() instanceof RuntimeException cause ? cause : e;
    }
  }

  /** Once it runs: the one loopback destination allowed without configuration, and its kubeconfig for tools. */
  private void publish(SandboxEngine started) {
    outbound.allowBuiltIn(started.endpoint());
    Path kubeconfigFile = folder.resolve("kubeconfig");
    try {
      OwnerOnlyFiles.folder(folder);
      OwnerOnlyFiles.write(kubeconfigFile, started.kubeconfig());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the sandbox kubeconfig to " + kubeconfigFile, e);
    }
    this.kubeconfig = started.kubeconfig();
    this.engine = started;
    log.info("Sandbox cluster ({}) ready; {}; kubeconfig in {}", started.name(), started.persistent()
        ? "its objects are kept in " + folder + " across restarts"
        : "its objects are in memory only and gone when the server stops", kubeconfigFile);
  }

  /** Starts the engine the settings ask for; takes seconds for the real one. */
  static SandboxEngine engine(SandboxProperties settings, Path folder) {
    String engine = settings.engine();
    int port = settings.port();
    if (engine.equals("mock")) {
      return new MockEngine(port);
    }
    if (!engine.equals("auto") && !engine.equals("kube-apiserver")) {
      throw new IllegalStateException("tandem.sandbox.engine is auto, kube-apiserver or mock, not '" + engine + "'");
    }
    StringBuilder why = new StringBuilder();
    Optional<ControlPlaneBinaries> found = ControlPlaneBinaries.find(settings.binaries(), why);
    if (found.isPresent()) {
      return ControlPlane.start(found.get(), folder, port, settings.startTimeout());
    }
    if (engine.equals("kube-apiserver")) {
      throw new IllegalStateException("tandem.sandbox.engine=kube-apiserver, but " + why);
    }
    log.info("Sandbox engine: the in-process mock, since {}", why);
    return new MockEngine(port);
  }

  /**
   * Registers (or re-registers: the port may have changed) the target once the database is ready, and before
   * scheduled tasks, watches and workers start: they would connect with what the last run stored.
   */
  @Override
  public void afterSingletonsInstantiated() {
    publish(started());
    targets.registerBuiltIn(SLUG, new TargetCredentials(kubeconfig, "sandbox", null, null, null, false), "default");
    targets.check(SLUG);
    openToEverySpace(settings.openToEverySpace());
  }

  /** The grant to every space follows the setting; one an organisation admin gave by hand stays. */
  private void openToEverySpace(boolean open) {
    if (open) {
      grants.grant(SLUG, TargetGrant.EVERY_SPACE, new TargetGrants.Request(
          EnumSet.of(TargetUse.APPLY, TargetUse.IMPORT, TargetUse.READ_LIVE), List.of("*"), false, false), GRANTED_BY);
    } else if (grants.list(SLUG).stream().anyMatch(grant -> grant.space().equals(TargetGrant.EVERY_SPACE)
        && grant.grantedBy().equals(GRANTED_BY))) {
      grants.revoke(SLUG, TargetGrant.EVERY_SPACE);
    }
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
  public KubernetesClient client() {
    return new KubernetesClientBuilder()
        .withConfig(Config.fromKubeconfig(kubeconfig)).build();
  }

  /** Restarts the real engine's API server, keeping its state (for tests of what clients do when it goes away). */
  void restartApiServer() {
    if (!(engine instanceof ControlPlane controlPlane)) {
      throw new UnsupportedOperationException("The " + engine.name() + " sandbox has no API server to restart");
    }
    controlPlane.restartApiServer();
  }

  /** The real engine's etcd client URL (for tests of who may reach it). */
  URI etcdEndpoint() {
    if (!(engine instanceof ControlPlane controlPlane)) {
      throw new UnsupportedOperationException("The " + engine.name() + " sandbox has no etcd");
    }
    return controlPlane.etcdEndpoint();
  }

  /** Stops it; one still starting (the server stopped during its own start) once it has started. */
  @Override
  public void destroy() {
    try {
      started().close();
    } catch (RuntimeException failedToStart) {
      // nothing runs: a start that fails stops what it had started
    }
  }
}
