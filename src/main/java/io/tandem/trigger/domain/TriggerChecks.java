package io.tandem.trigger.domain;

import io.tandem.common.error.TandemException;
import io.tandem.function.domain.FunctionContext;
import io.tandem.function.domain.FunctionRegistry;
import io.tandem.function.domain.FunctionRunner;
import io.tandem.unit.domain.ApplyGate;
import io.tandem.unit.domain.RevisionChecks;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.springframework.stereotype.Component;

/**
 * Runs the space's enabled triggers on a revision's data; each that fails becomes an apply gate. A write names the
 * version of its space's checks that it read with the unit it locked; the triggers cached at that version are then
 * the space's, exactly, and are not read again. Any change to a space's triggers gives it a new version, unique
 * across spaces, in the same transaction (V024), so an entry of another version is never used.
 */
@Component
class TriggerChecks implements RevisionChecks {

  private static final int MAX_SPACES = 1024;

  private final TriggerStore triggers;
  private final FunctionRegistry registry;
  private final Map<String, TriggerStore.Versioned> cached =
      Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, TriggerStore.Versioned> eldest) {
          return size() > MAX_SPACES;
        }
      });

  TriggerChecks(TriggerStore triggers, FunctionRegistry registry) {
    this.triggers = triggers;
    this.registry = registry;
  }

  @Override
  public List<ApplyGate> check(String space, String unit, String data, OptionalLong checksVersion) {
    List<ApplyGate> gates = new ArrayList<>();
    for (Trigger trigger : triggers(space, checksVersion)) {
      if (trigger.disabled()) {
        continue;
      }
      List<ApplyGate.Finding> findings = new ArrayList<>();
      try {
        // masked for every trigger: its findings are gates that any viewer reads, so real values would leak through them
        FunctionRunner.Outcome outcome =
            FunctionRunner.run(space, unit, data, true, List.of(registry.bind(trigger.function(), trigger.args())));
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

  private List<Trigger> triggers(String space, OptionalLong version) {
    if (version.isEmpty()) {
      return triggers.list(space);
    }
    TriggerStore.Versioned known = cached.get(space);
    if (known == null || known.version() != version.getAsLong()) {
      known = triggers.versioned(space);
      cached.put(space, known);
    }
    // A list read here may be newer than the version the write read (a change committed since its lock): it is what
    // the write would have read without the cache, and it is kept under its own version.
    return known.triggers();
  }
}
