package io.tandem.sandbox;

import java.nio.file.Path;
import java.time.Duration;

/**
 * A real control plane (etcd, kube-apiserver, kube-controller-manager, kube-scheduler, kwok) as child processes of the
 * test's JVM, beside any server's sandbox: one more cluster for a benchmark over several.
 */
public final class SpareControlPlane implements AutoCloseable {

  private final ControlPlane plane;

  private SpareControlPlane(ControlPlane plane) {
    this.plane = plane;
  }

  /** Starts one with its state and logs in {@code folder}, or fails with the reason within {@code timeout}. */
  public static SpareControlPlane start(ControlPlaneBinaries binaries, Path folder, Duration timeout) {
    return new SpareControlPlane(ControlPlane.start(binaries, folder, 0, timeout));
  }

  /** A kubeconfig with an admin's token, to register it as a target and to change it out of band. */
  public String kubeconfig() {
    return plane.kubeconfig();
  }

  /** Stops its processes; its state stays in its folder. */
  @Override
  public void close() {
    plane.close();
  }
}
