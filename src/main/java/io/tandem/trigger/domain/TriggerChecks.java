package io.tandem.trigger.domain;

import io.tandem.common.error.TandemException;
import io.tandem.function.domain.FunctionContext;
import io.tandem.function.domain.FunctionRegistry;
import io.tandem.function.domain.FunctionRunner;
import io.tandem.unit.domain.ApplyGate;
import io.tandem.unit.domain.RevisionChecks;
import java.util.ArrayList;
import java.util.List;
import org.springframework.stereotype.Component;

/** Runs the space's enabled triggers on a revision's data; each that fails becomes an apply gate. */
@Component
class TriggerChecks implements RevisionChecks {

  private final TriggerStore triggers;
  private final FunctionRegistry registry;

  TriggerChecks(TriggerStore triggers, FunctionRegistry registry) {
    this.triggers = triggers;
    this.registry = registry;
  }

  @Override
  public List<ApplyGate> check(String space, String unit, String data) {
    List<ApplyGate> gates = new ArrayList<>();
    for (Trigger trigger : triggers.list(space)) {
      if (trigger.disabled()) {
        continue;
      }
      List<ApplyGate.Finding> findings = new ArrayList<>();
      try {
        FunctionRunner.Outcome outcome =
            FunctionRunner.run(space, unit, data, List.of(registry.bind(trigger.function(), trigger.args())));
        for (FunctionContext.Finding finding : outcome.findings()) {
          findings.add(new ApplyGate.Finding(finding.resource(), finding.path(), finding.message()));
        }
      } catch (TandemException e) {
        findings.add(new ApplyGate.Finding(null, null, "The function failed: " + e.getMessage()));
      }
      if (!findings.isEmpty()) {
        gates.add(new ApplyGate(trigger.slug(), trigger.function(), List.copyOf(findings)));
      }
    }
    return gates;
  }
}
