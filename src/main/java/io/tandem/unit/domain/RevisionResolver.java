package io.tandem.unit.domain;

import java.util.List;
import java.util.Optional;

/**
 * Fills in values a new revision's data takes from elsewhere (through links: the namespace of a linked Namespace
 * unit), before it is checked and written; what it fills is recorded as mutations of that revision.
 */
public interface RevisionResolver {

  record Resolved(String data, List<Mutation> mutations) {}

  /** The data with the values filled in; empty when there is nothing to fill. */
  Optional<Resolved> resolve(Unit unit, String data);
}
