package io.tandem.security.domain;

/**
 * A counter that every change to a token or a role moves, in the change's own transaction (the database's triggers,
 * whichever server made the change): a server that sees it move forgets what it cached ({@link SecurityChanges}).
 */
public interface SecurityVersion {

  /** The counter now. */
  long current();
}
