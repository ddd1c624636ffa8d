package io.tandem.unit.domain;

import java.util.List;

/** A revision about to be written; the store gives it the next number, and writes its gates with it. */
public record NewRevision(
    String data,
    RevisionSource source,
    String description,
    String author,
    Integer restoredFrom,
    List<Mutation> mutations,
    List<ApplyGate> gates) {

  public NewRevision(
      String data, RevisionSource source, String description, String author, Integer restoredFrom, List<Mutation> mutations) {
    this(data, source, description, author, restoredFrom, mutations, List.of());
  }

  public NewRevision withGates(List<ApplyGate> gates) {
    return new NewRevision(data, source, description, author, restoredFrom, mutations, List.copyOf(gates));
  }
}
