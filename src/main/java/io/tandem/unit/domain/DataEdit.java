package io.tandem.unit.domain;

import java.util.List;

/** A change of data computed by another feature (functions, refresh …) from a unit's locked current state. */
public record DataEdit(String data, RevisionSource source, String description, List<Mutation> mutations) {}
