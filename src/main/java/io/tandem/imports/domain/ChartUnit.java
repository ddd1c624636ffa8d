package io.tandem.imports.domain;

import java.time.Instant;
import java.util.UUID;

/**
 * A unit made from a Helm chart: the chart, its origin and the packaged chart itself, the release it was rendered
 * for, and {@code rendered}, the unit's part of that rendering, which is the base of the next upgrade's three-way
 * merge. Which part of the rendering is the unit's is its {@link RenderGroup}.
 */
@SuppressWarnings("ArrayRecordComponent") // the archive's bytes stored and read back, never compared
public record ChartUnit(
    UUID unitId,
    ChartMetadata chart,
    ChartOrigin origin,
    byte[] archive,
    Release release,
    String rendered,
    Instant renderedAt) {}
