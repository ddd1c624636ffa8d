package io.tandem.unit.domain;

import io.tandem.space.domain.DriftMode;
import java.util.Map;

/** What can change about a unit without a new revision. */
public record UnitMetadata(String displayName, Map<String, String> labels, String target, DriftMode driftMode) {}
