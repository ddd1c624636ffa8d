package io.tandem.support;

/** How many tests ran on the real API server ({@code target/real-cluster-summary.txt}). */
public class RealClusterSummary extends TaggedTestSummary {

  public RealClusterSummary() {
    super(RealCluster.TAG, "Real-cluster tests", "on kube-apiserver");
  }
}
