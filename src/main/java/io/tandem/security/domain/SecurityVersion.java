package io.tandem.security.domain;

/** A counter that every change to a token or a role moves, in the change's own transaction. */
public interface SecurityVersion {

  /** The counter now. */
  long current();
}
