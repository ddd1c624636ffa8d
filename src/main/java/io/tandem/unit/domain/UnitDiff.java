package io.tandem.unit.domain;

import io.tandem.common.yaml.ResourceChange;
import java.util.List;

/**
 * The difference between two versions of a unit: structured path-level changes and the unified text diff. {@code
 * from} and {@code to} name what was compared: a revision number ({@code 0} is the empty configuration) or {@code
 * liveState}, the objects as last observed on the target.
 */
public record UnitDiff(String from, String to, List<ResourceChange> changes, String unified) {}
