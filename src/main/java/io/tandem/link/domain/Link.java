package io.tandem.link.domain;

import java.time.Instant;

/** {@code from} needs values of {@code to} (its provider), so {@code to} applies first. */
public record Link(String fromSpace, String fromUnit, String toSpace, String toUnit, Instant createdAt) {}
