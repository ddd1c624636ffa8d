package io.tandem.space.domain;

import io.tandem.health.domain.ApplyWait;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/**
 * A named container of units. {@code driftMode} is the default for units created in it; {@code requiredApprovals}
 * is how many people must approve a revision before it may be applied; {@code applyWait} is what its units' applies
 * wait for when they do not say ({@link ApplyWait#NONE}: nothing).
 */
public record Space(
    UUID id,
    String slug,
    String displayName,
    Map<String, String> labels,
    DriftMode driftMode,
    int requiredApprovals,
    ApplyWait applyWait,
    long unitCount,
    Instant createdAt,
    Instant updatedAt) {}
