package io.tandem.unit.domain;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Why a revision may not be applied: a trigger's validating function failed on it, with what it found.
 *
 * @param trigger the trigger's slug
 * @param function the function the trigger runs
 */
public record ApplyGate(String trigger, String function, List<Finding> findings) {

  /** One failing resource and path, as the function says. */
  public record Finding(String resource, String path, String message) {}

  public String describe() {
    return "trigger '" + trigger + "' (" + function + "): "
        + findings.stream()
            .map(finding -> (finding.resource() == null ? "" : finding.resource() + " ")
                + (finding.path() == null || finding.path().isEmpty() ? "" : finding.path() + ": ") + finding.message())
            .collect(Collectors.joining("; "));
  }
}
