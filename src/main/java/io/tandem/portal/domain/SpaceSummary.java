package io.tandem.portal.domain;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What a dashboard shows of a space.
 *
 * @param drift units by drift (None, Drifted, Unknown)
 * @param unappliedChanges units whose head is not the live revision
 * @param gated units whose head fails a trigger
 * @param neverApplied units with a target and nothing live on it
 * @param health units by health; units without applied objects are not counted
 * @param recentActions the newest actions of its units, newest first
 */
public record SpaceSummary(String space, long units, Map<String, Long> drift, long unappliedChanges, long gated,
    long neverApplied, Map<String, Long> health, List<RecentAction> recentActions) {

  /** An action of one of the space's units, with its time: when it finished, or else started, or else was queued. */
  public record RecentAction(String unit, String action, String status, String result, Integer revisionNum,
      Instant at) {}
}
