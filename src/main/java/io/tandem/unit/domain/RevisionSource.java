package io.tandem.unit.domain;

/** What made a revision. */
public enum RevisionSource {
  Create,
  Update,
  Function,
  Restore,
  Refresh,
  Import,
  Upgrade,
  /** A commit of the Git repository the unit is kept in step with (its origin). */
  Git
}
