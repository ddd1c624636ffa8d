package io.tandem.space.domain;

/** Published when someone creates a space: security makes the creator its first admin. */
public record SpaceCreated(String space, String creator) {}
