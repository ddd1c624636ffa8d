package io.tandem.unit.domain;

/** Whether a unit's live objects match its live revision, as last observed. */
public enum Drift {
  None,
  Drifted,
  /** The target could not be read; nothing is known about the live objects. */
  Unknown
}
