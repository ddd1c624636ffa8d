package io.tandem.unit.domain;

import io.tandem.common.yaml.ResourceChange;
import java.util.List;

/**
 * The difference between two revisions of a unit: structured path-level changes and the unified text diff.
 * {@code from} and {@code to} are the revision numbers compared ({@code 0} is the empty configuration).
 */
public record UnitDiff(int from, int to, List<ResourceChange> changes, String unified) {}
