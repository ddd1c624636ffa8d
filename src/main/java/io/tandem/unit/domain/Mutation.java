package io.tandem.unit.domain;

import io.tandem.common.yaml.ResourceChange;

/**
 * Provenance of one changed path of a revision: the resource, the path, the operation and what made it ({@code
 * update}, {@code create}, {@code restore of 3}, a function with its arguments, {@code refresh: kubectl-edit} …).
 */
public record Mutation(String resource, String path, String op, String by) {

  public static Mutation of(ResourceChange change, String by) {
    return new Mutation(change.resource(), change.path(), change.op().name(), by);
  }
}
