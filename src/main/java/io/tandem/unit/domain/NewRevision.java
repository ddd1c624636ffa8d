package io.tandem.unit.domain;

import java.util.List;

/** A revision about to be written; the store gives it the next number. */
public record NewRevision(
    String data,
    RevisionSource source,
    String description,
    String author,
    Integer restoredFrom,
    List<Mutation> mutations) {}
