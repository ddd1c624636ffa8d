package io.tandem.unit.domain;

import java.util.List;

/**
 * Checks every new revision's data before it is written (the space's triggers); what fails becomes the revision's
 * apply gates, written in the same transaction as the revision.
 */
public interface RevisionChecks {

  List<ApplyGate> check(String space, String unit, String data);
}
