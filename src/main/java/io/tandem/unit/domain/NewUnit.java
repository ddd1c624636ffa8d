package io.tandem.unit.domain;

import java.util.Map;

/** A unit to create; {@code data} is required, the rest has defaults (the slug, no labels, the space's drift mode). */
public record NewUnit(
    String slug,
    String displayName,
    String data,
    Map<String, String> labels,
    String target,
    String driftMode,
    String changeDescription) {}
