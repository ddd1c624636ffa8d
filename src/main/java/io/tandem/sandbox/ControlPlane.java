package io.tandem.sandbox;

import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.tandem.common.files.OwnerOnlyFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real Kubernetes control plane on loopback: etcd, kube-apiserver, kube-controller-manager, kube-scheduler and kwok
 * (fake nodes, on which pods become Running and Ready without a kubelet), as child processes of this server. Its
 * state lives in one folder and survives a restart; only the ports are new each time.
 */
final class ControlPlane implements SandboxEngine {

  private static final Logger log = LoggerFactory.getLogger(ControlPlane.class);
  /**
   * Room for 65,534 Services (a /24 ran out at 252 in a benchmark). A sandbox keeps the range it was made with, in
   * {@code service-range} beside its state, since an API server does not move existing Services to a new one.
   */
  static final String SERVICE_RANGE = "10.96.0.0/16";
  private static final int NODES = 2;
  /** Every process listens on this address (never a name, which may also resolve to ::1). */
  private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress() instanceof Inet4Address v4
      ? v4 : inet4Loopback();

  private final ChildProcesses processes;
  private final String kubeconfig;
  private final int port;
  private final Duration timeout;
  private final EtcdHistory etcd;

  private ControlPlane(ChildProcesses processes, String kubeconfig, int port, Duration timeout, EtcdHistory etcd) {
    this.processes = processes;
    this.kubeconfig = kubeconfig;
    this.port = port;
    this.timeout = timeout;
    this.etcd = etcd;
  }

  @Override
  public InetSocketAddress endpoint() {
    return new InetSocketAddress(LOOPBACK, port);
  }

  /** Starts it, or fails (stopping whatever it had started) with the reason and the log to look at. */
  static ControlPlane start(ControlPlaneBinaries binaries, Path state, int apiPort, Duration timeout) {
    Path folder = state.toAbsolutePath().normalize();
    try {
      OwnerOnlyFiles.folder(folder);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot make the sandbox's folder " + folder, e);
    }
    ChildProcesses processes = new ChildProcesses(folder);
    processes.stopStale();
    long started = System.nanoTime();
    try {
      SandboxKeys.Tokens tokens = SandboxKeys.ensure(folder.resolve("pki"));
      String serviceRange = serviceRange(folder); // before etcd makes its folder
      ReadinessProbe probe = new ReadinessProbe(processes, timeout);
      EtcdCertificates etcdPki = EtcdCertificates.issue(folder.resolve("pki").resolve("etcd"));
      EtcdHistory etcd = new EtcdHistory(freePort(), etcdPki.ssl());
      probe.await("etcd", processes.start("etcd", etcd(binaries, folder, etcdPki, etcd.endpoint(), freePort())),
          () -> probe.httpOk(etcd.endpoint() + "/health", etcdPki.ssl()));
      int port = apiPort > 0 ? apiPort : freePort();
      String server = "https://127.0.0.1:" + port;
      Path certs = folder.resolve("pki").resolve("apiserver");
      Process apiServer = processes.start("kube-apiserver", apiServer(binaries, folder, certs, etcdPki, etcd.endpoint(), port, serviceRange));
      probe.await("kube-apiserver", apiServer, () -> Files.exists(certs.resolve("apiserver.crt")));
      String ca = Files.readString(certs.resolve("apiserver.crt"));
      String admin = Kubeconfigs.of(server, ca, tokens.admin());
      // through the kubeconfig clients will use: the certificate the API server made, and the admin token
      try (KubernetesClient client = new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(admin)).build()) {
        probe.await("kube-apiserver", apiServer, () -> ReadinessProbe.ready(client));
      }
      Path kcm = write(folder.resolve("kube-controller-manager.kubeconfig"), Kubeconfigs.of(server, ca, tokens.controllerManager()));
      Path scheduler = write(folder.resolve("kube-scheduler.kubeconfig"), Kubeconfigs.of(server, ca, tokens.scheduler()));
      Path kwok = write(folder.resolve("kwok.kubeconfig"), Kubeconfigs.of(server, ca, tokens.kwok()));
      processes.start("kube-controller-manager", controllerManager(binaries, folder, kcm, certs, serviceRange));
      processes.start("kube-scheduler", List.of(binaries.scheduler().toString(), "--kubeconfig=" + scheduler,
          "--authentication-kubeconfig=" + scheduler, "--authorization-kubeconfig=" + scheduler, "--bind-address=127.0.0.1",
          "--secure-port=" + freePort(), "--leader-elect=false", "--profiling=false", "--kube-api-qps=200",
          "--kube-api-burst=400"));
      int kwokPort = freePort();
      Path stages = folder.resolve("kwok-stages.yaml");
      try (InputStream in = ControlPlane.class.getResourceAsStream("/sandbox/kwok-stages.yaml")) {
        Files.write(stages, in.readAllBytes());
      }
      probe.await("kwok", processes.start("kwok", List.of(binaries.kwok().toString(), "--kubeconfig=" + kwok, "--config=" + stages,
              "--manage-all-nodes=false", "--manage-nodes-with-annotation-selector=kwok.x-k8s.io/node=fake",
              "--node-ip=10.0.1.1", "--cidr=10.0.2.0/24", "--server-address=127.0.0.1:" + kwokPort),
              // kwok also reads ~/.kwok/kwok.yaml: only the sandbox's own configuration counts
              Map.of("HOME", Files.createDirectories(folder.resolve("kwok-home")).toString())),
          () -> probe.httpOk("http://127.0.0.1:" + kwokPort + "/healthz"));
      fakeNodes(admin);
      log.info("Sandbox control plane (etcd, kube-apiserver, kube-controller-manager, kube-scheduler, kwok) ready on {} in {} ms;"
          + " state and logs in {}", server, Duration.ofNanos(System.nanoTime() - started).toMillis(), folder);
      return new ControlPlane(processes, admin, port, timeout, etcd);
    } catch (IOException | RuntimeException e) {
      processes.close();
      throw new IllegalStateException("The sandbox control plane did not start: " + e.getMessage(), e);
    }
  }

  /** TLS on both listeners, answering only certificates of the sandbox's own etcd CA. */
  private static List<String> etcd(ControlPlaneBinaries binaries, Path folder, EtcdCertificates pki, URI client, int peerPort) {
    String peer = "https://127.0.0.1:" + peerPort;
    return List.of(binaries.etcd().toString(), "--name=sandbox", "--data-dir=" + folder.resolve("etcd"),
        "--listen-client-urls=" + client, "--advertise-client-urls=" + client, "--listen-peer-urls=" + peer,
        "--initial-advertise-peer-urls=" + peer, "--initial-cluster=sandbox=" + peer, "--listen-metrics-urls=",
        "--cert-file=" + pki.serverCert(), "--key-file=" + pki.serverKey(), "--client-cert-auth=true",
        "--trusted-ca-file=" + pki.ca(), "--peer-cert-file=" + pki.serverCert(), "--peer-key-file=" + pki.serverKey(),
        "--peer-client-cert-auth=true", "--peer-trusted-ca-file=" + pki.ca(),
        "--quota-backend-bytes=2147483648", "--log-level=warn");
  }

  /** The range this sandbox was made with, or the default for a new one (then recorded). */
  static String serviceRange(Path folder) throws IOException {
    Path recorded = folder.resolve("service-range");
    if (Files.exists(recorded)) {
      return Files.readString(recorded).strip();
    }
    // a sandbox made before the range was recorded has Services in the old /24
    String range = Files.isDirectory(folder.resolve("etcd")) ? "10.0.0.0/24" : SERVICE_RANGE;
    Files.writeString(recorded, range + "\n");
    return range;
  }

  private static List<String> apiServer(ControlPlaneBinaries binaries, Path folder, Path certs, EtcdCertificates etcdPki,
      URI etcd, int port, String serviceRange) {
    Path pki = folder.resolve("pki");
    return List.of(binaries.apiServer().toString(), "--bind-address=127.0.0.1", "--advertise-address=127.0.0.1",
        "--secure-port=" + port, "--endpoint-reconciler-type=none", "--etcd-servers=" + etcd,
        "--etcd-cafile=" + etcdPki.ca(), "--etcd-certfile=" + etcdPki.clientCert(), "--etcd-keyfile=" + etcdPki.clientKey(),
        "--service-cluster-ip-range=" + serviceRange, "--cert-dir=" + certs, "--token-auth-file=" + pki.resolve("tokens.csv"),
        "--authorization-mode=RBAC", "--service-account-issuer=https://kubernetes.default.svc.cluster.local",
        "--service-account-key-file=" + pki.resolve("sa.pub"), "--service-account-signing-key-file=" + pki.resolve("sa.key"),
        "--allow-privileged=true", "--profiling=false",
        // new nodes would be tainted not-ready until the node lifecycle controller (off, see below) lifts it
        "--disable-admission-plugins=TaintNodesByCondition",
        // open watches would otherwise hold a stop for a minute
        "--shutdown-watch-termination-grace-period=2s");
  }

  private static List<String> controllerManager(ControlPlaneBinaries binaries, Path folder, Path kubeconfig, Path certs,
      String serviceRange) {
    return List.of(binaries.controllerManager().toString(), "--kubeconfig=" + kubeconfig,
        "--authentication-kubeconfig=" + kubeconfig, "--authorization-kubeconfig=" + kubeconfig, "--bind-address=127.0.0.1",
        "--secure-port=" + freePort(), "--leader-elect=false",
        "--service-account-private-key-file=" + folder.resolve("pki").resolve("sa.key"),
        "--root-ca-file=" + certs.resolve("apiserver.crt"), "--use-service-account-credentials=true",
        "--service-cluster-ip-range=" + serviceRange, "--profiling=false",
        // a fleet's thousands of Deployments get their ReplicaSets and pods in seconds, not at the default 20 calls/s
        "--kube-api-qps=200", "--kube-api-burst=400", "--concurrent-deployment-syncs=20",
        "--concurrent-replicaset-syncs=20",
        // kwok keeps no node heartbeats: without this controller the fake nodes would turn NotReady and lose their pods
        "--controllers=*,-node-lifecycle-controller");
  }

  /** Nodes that kwok keeps Ready, for the scheduler to place pods on. */
  private static void fakeNodes(String kubeconfig) {
    try (KubernetesClient client = new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(kubeconfig)).build()) {
      for (int i = 1; i <= NODES; i++) {
        String name = "sandbox-node-" + i;
        if (client.nodes().withName(name).get() == null) {
          client.nodes().resource(new NodeBuilder().withNewMetadata().withName(name)
              .addToAnnotations("kwok.x-k8s.io/node", "fake").addToLabels("type", "kwok")
              .addToLabels("kubernetes.io/hostname", name).endMetadata().build()).create();
        } else {
          // a node kept from an earlier start may carry the taints nothing here would lift
          client.nodes().withName(name).edit(node -> {
            if (node.getSpec() != null && node.getSpec().getTaints() != null) {
              node.getSpec().getTaints().removeIf(taint -> taint.getKey().startsWith("node.kubernetes.io/"));
            }
            return node;
          });
        }
      }
    }
  }

  /** Owner-only from the start: the kubeconfigs carry tokens, kwok's of {@code system:masters}. */
  private static Path write(Path file, String content) throws IOException {
    return OwnerOnlyFiles.write(file, content);
  }

  private static InetAddress inet4Loopback() {
    try {
      return InetAddress.getByAddress(new byte[] {127, 0, 0, 1});
    } catch (UnknownHostException e) {
      throw new IllegalStateException(e);
    }
  }

  static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, LOOPBACK)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("No free port on loopback", e);
    }
  }

  /**
   * Stops the API server and starts it again on the same port and state, as an upgrade or a crash of a real one
   * would, after a compaction of etcd's history (as if it had been down for longer than its compaction interval):
   * clients' watches break, and the resource versions they would resume from are gone (410 Gone). The controllers,
   * scheduler and kwok are started again after it, since they would otherwise sit out their own reconnect back-off
   * for a minute or more.
   */
  void restartApiServer() {
    ReadinessProbe probe = new ReadinessProbe(processes, timeout);
    processes.stop("kube-apiserver");
    etcd.compactToNow();
    Process apiServer = processes.restart("kube-apiserver");
    try (KubernetesClient client = new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(kubeconfig)).build()) {
      probe.await("kube-apiserver", apiServer, () -> ReadinessProbe.ready(client));
    }
    List.of("kube-controller-manager", "kube-scheduler", "kwok").forEach(processes::restart);
    log.info("Sandbox API server restarted on port {}", port);
  }

  /** etcd's client URL (TLS, client certificates of the sandbox's etcd CA only). */
  URI etcdEndpoint() {
    return etcd.endpoint();
  }

  @Override
  public String name() {
    return "kube-apiserver";
  }

  @Override
  public boolean persistent() {
    return true;
  }

  @Override
  public String kubeconfig() {
    return kubeconfig;
  }

  @Override
  public void close() {
    processes.close();
  }
}
