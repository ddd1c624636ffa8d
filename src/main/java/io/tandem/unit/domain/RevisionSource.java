package io.tandem.unit.domain;

/** What made a revision. */
public enum RevisionSource {
  Create,
  Update,
  Function,
  Restore,
  Refresh,
  Import,
  Upgrade
}
