package io.tandem.support;

import io.tandem.sandbox.ControlPlaneBinaries;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.springframework.test.context.TestPropertySource;

/**
 * A test of Kubernetes behaviour on a real API server: the sandbox runs the real control plane
 * ({@code tandem.sandbox.engine=kube-apiserver}, one per test run, in the context these tests share). Skipped, with
 * the reason, where the binaries are absent; {@code .ci/run} builds them first, so CI always runs these.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(RealCluster.TAG)
@ExtendWith(RealCluster.BinariesPresent.class)
// One set of properties for every such class: one context, so one control plane on this data folder at a time.
@TestPropertySource(properties = {"tandem.sandbox.engine=kube-apiserver", "tandem.data-dir=target/it-data-real-cluster",
    "tandem.live.watch-enabled=true"})
public @interface RealCluster {

  String TAG = "real-cluster";

  class BinariesPresent implements ExecutionCondition {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
      StringBuilder why = new StringBuilder();
      return ControlPlaneBinaries.findDefault(why).isPresent()
          ? ConditionEvaluationResult.enabled("control-plane binaries found")
          : ConditionEvaluationResult.disabled("Skipped real-cluster test: " + why);
    }
  }
}
