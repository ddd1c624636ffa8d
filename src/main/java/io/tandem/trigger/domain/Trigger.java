package io.tandem.trigger.domain;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A validating function, with its arguments, that every new revision of the space's units must pass. */
public record Trigger(
    UUID id,
    String space,
    String slug,
    String function,
    List<String> args,
    String description,
    boolean disabled,
    Instant createdAt,
    Instant updatedAt) {}
