package io.tandem.readme;

import io.tandem.sandbox.ControlPlaneBinaries;
import io.tandem.support.TandemIT;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The README where the real control plane's binaries are absent: every block but those marked {@code real-cluster}
 * (kubectl cannot talk to the mock), on the mock sandbox. Where the binaries are present {@link ReadmeIT} runs the
 * whole README instead.
 */
@TandemIT
@ExtendWith(ReadmeOnMockSandboxIT.OnlyWithoutTheRealControlPlane.class)
class ReadmeOnMockSandboxIT extends ReadmeWalkThrough {

  static class OnlyWithoutTheRealControlPlane implements ExecutionCondition {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
      return ControlPlaneBinaries.findDefault(new StringBuilder()).isPresent()
          ? ConditionEvaluationResult.disabled("ReadmeIT runs the whole README on the real control plane")
          : ConditionEvaluationResult.enabled("no control-plane binaries: the README without its real-cluster blocks");
    }
  }
}
