package io.tandem.sandbox;

import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.HashMap;

/**
 * The fabric8 mock API server in CRUD mode on loopback, for machines without the real binaries. It has discovery of
 * a fixed list of built-in kinds only ({@link MockDiscovery}; kubectl cannot use it), no defaults, no managedFields,
 * and keeps its objects in memory only.
 */
final class MockEngine implements SandboxEngine {

  private final KubernetesMockServer server;
  private final String kubeconfig;
  private final InetSocketAddress endpoint;

  MockEngine(int port) {
    this.server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), new ApplyPatchCrudDispatcher(), false);
    try {
      server.init(InetAddress.getLoopbackAddress(), port);
    } catch (RuntimeException e) {
      throw new IllegalStateException("Cannot start the sandbox cluster on port " + port + ": " + e.getMessage(), e);
    }
    InetAddress loopback = InetAddress.getLoopbackAddress();
    this.endpoint = new InetSocketAddress(loopback, server.getPort());
    // the address itself, not a name such as localhost that may also resolve to an address nothing listens on
    String host = loopback instanceof Inet6Address ? "[" + loopback.getHostAddress() + "]" : loopback.getHostAddress();
    this.kubeconfig = Kubeconfigs.of("http://" + host + ":" + server.getPort(), null, "sandbox");
  }

  @Override
  public InetSocketAddress endpoint() {
    return endpoint;
  }

  @Override
  public String name() {
    return "mock";
  }

  @Override
  public boolean persistent() {
    return false;
  }

  @Override
  public String kubeconfig() {
    return kubeconfig;
  }

  @Override
  public void close() {
    server.destroy();
  }
}
