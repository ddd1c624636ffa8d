package io.tandem.sandbox;

import java.net.InetSocketAddress;

/** The Kubernetes API behind the sandbox target: a real control plane of child processes, or the in-process mock. */
interface SandboxEngine extends AutoCloseable {

  /** {@code kube-apiserver} or {@code mock}. */
  String name();

  /** Whether what is applied to it is still there after a restart of the server. */
  boolean persistent();

  /** Where its API server listens (a loopback address). */
  InetSocketAddress endpoint();

  /** A kubeconfig for clients on this machine, with a token that is an admin of the sandbox. */
  String kubeconfig();

  /** Stops it; the real engine's state stays on disk for the next start. */
  @Override
  void close();
}
