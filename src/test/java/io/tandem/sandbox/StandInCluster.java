package io.tandem.sandbox;

/**
 * A Kubernetes API in the test's own JVM (the sandbox's mock engine) that a test can take away under a server that
 * uses it, as when a cluster goes down.
 */
public final class StandInCluster implements AutoCloseable {

  private final MockEngine engine = new MockEngine(0);

  /** A kubeconfig for it, to register it as a target. */
  public String kubeconfig() {
    return engine.kubeconfig();
  }

  /** Stops it: from now on its port refuses connections. */
  @Override
  public void close() {
    engine.close();
  }
}
