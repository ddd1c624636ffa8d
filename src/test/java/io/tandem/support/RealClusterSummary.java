package io.tandem.support;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestTag;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/** Says at the end of a test run how many tests ran on the real API server, and how many were skipped. */
public class RealClusterSummary implements TestExecutionListener {

  private final AtomicInteger ran = new AtomicInteger();
  private final AtomicInteger skipped = new AtomicInteger();

  @Override
  public void executionFinished(TestIdentifier test, TestExecutionResult result) {
    if (test.isTest() && test.getTags().contains(TestTag.create(RealCluster.TAG))) {
      ran.incrementAndGet();
    }
  }

  @Override
  public void executionSkipped(TestIdentifier test, String reason) {
    if (test.getTags().contains(TestTag.create(RealCluster.TAG))) {
      skipped.incrementAndGet();
      if (skipped.get() == 1) {
        System.out.println("[real-cluster] " + reason);
      }
    }
  }

  @Override
  public void testPlanExecutionFinished(TestPlan plan) {
    if (ran.get() + skipped.get() > 0) {
      String summary = "Real-cluster tests: " + ran.get() + " ran on kube-apiserver, " + skipped.get()
          + " skipped (a test class skipped whole counts once)";
      System.out.println("[real-cluster] " + summary);
      // the test runner keeps a forked JVM's output in its reports: .ci/run prints this file after the run
      try {
        java.nio.file.Files.writeString(java.nio.file.Path.of("target", "real-cluster-summary.txt"), summary + "\n",
            java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
      } catch (java.io.IOException e) {
        System.out.println("[real-cluster] could not write target/real-cluster-summary.txt: " + e.getMessage());
      }
    }
  }
}
