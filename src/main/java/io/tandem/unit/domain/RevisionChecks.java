package io.tandem.unit.domain;

import java.util.List;
import java.util.OptionalLong;

/**
 * Checks every new revision's data before it is written (the space's triggers); what fails becomes the revision's
 * apply gates, written in the same transaction as the revision.
 */
public interface RevisionChecks {

  /**
   * What {@code data} of a unit fails. {@code checksVersion}: the version of the space's checks that the unit's change
   * is computed under ({@link UnitStore.Base}: read with the locked row, or remembered, and then its write is refused
   * when the version moved), when known; checks cached at that version are the space's, so they may be run without
   * being read again.
   */
  List<ApplyGate> check(String space, String unit, String data, OptionalLong checksVersion);
}
