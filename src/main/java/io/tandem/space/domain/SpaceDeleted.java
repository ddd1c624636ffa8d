package io.tandem.space.domain;

/** Published once a space is deleted (its roles went with it). */
public record SpaceDeleted(String space) {}
