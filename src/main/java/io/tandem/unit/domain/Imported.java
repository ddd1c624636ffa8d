package io.tandem.unit.domain;

/** What an import did to a unit, and the unit after it. */
public record Imported(Unit unit, Outcome outcome) {

  public enum Outcome { Created, Updated, Unchanged }
}
