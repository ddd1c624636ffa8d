package io.tandem.space.domain;

import io.tandem.health.domain.ApplyWait;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/**
 * A named container of units. {@code driftMode} is the default for units created in it; {@code requiredApprovals}
 * is how many people must approve a revision before it may be applied; {@code applyWait} is what its units' applies
 * wait for when they do not say ({@link ApplyWait#NONE}: nothing).
 *
 * @param fourEyes an approval by the revision's author does not count, and is refused
 * @param destroyGate destroying or deleting a unit with objects on a cluster must be confirmed
 * @param applyMode the default of its units: whether the server applies a new head revision itself
 * @param ignoreRules fields of its units' live objects that are never drift (a unit's own rules add to these)
 * @param suspended null unless everything automatic is stopped for the space's units
 */
public record Space(
    UUID id,
    String slug,
    String displayName,
    Map<String, String> labels,
    DriftMode driftMode,
    int requiredApprovals,
    ApplyWait applyWait,
    boolean fourEyes,
    boolean destroyGate,
    ApplyMode applyMode,
    IgnoreRules ignoreRules,
    Suspension suspended,
    long unitCount,
    Instant createdAt,
    Instant updatedAt) {}
