package io.tandem.live.domain;

import io.tandem.unit.domain.Drift;
import java.util.List;

/**
 * What a refresh does about what it saw ({@link DriftPolicy}), in the order {@link LiveSync} carries it out: capture,
 * record the observation, end a hold, record the drift, start a hold, revert.
 *
 * @param drifted whether drift was found: the action's result
 * @param capture the live changes to patch onto the head as a Refresh revision; empty: nothing is captured
 * @param moveBaseline whether configuration and cluster agree again at what was seen, so the baseline moves to it
 * @param releaseHold whether a break-glass hold ends (the cluster matches the live revision again)
 * @param drift the unit's drift after the refresh: after a capture only objects deleted out of band are drift
 * @param startHold a break-glass hold to start, when none runs; {@code null}: none
 * @param revert whether the live revision is applied again
 * @param message what the action says; a capture adds the revision it made
 */
record DriftVerdict(boolean drifted, List<LiveDelta.Change> capture, boolean moveBaseline, boolean releaseHold,
    Drift drift, LiveStore.BreakGlassHold startHold, boolean revert, String message) {

  /** The first observation: it becomes the baseline; an object missing from it is drift. */
  static DriftVerdict baseline(boolean drifted, String message) {
    return new DriftVerdict(drifted, List.of(), true, false, drifted ? Drift.Drifted : Drift.None, null, false, message);
  }

  static DriftVerdict inSync(String message) {
    return new DriftVerdict(false, List.of(), false, true, Drift.None, null, false, message);
  }

  /** Drift recorded and nothing else: the baseline stays, so a later capture still sees the whole change. */
  static DriftVerdict reported(String message) {
    return new DriftVerdict(true, List.of(), false, false, Drift.Drifted, null, false, message);
  }

  static DriftVerdict captured(List<LiveDelta.Change> changes, boolean deletions, String message) {
    return new DriftVerdict(true, List.copyOf(changes), true, false, deletions ? Drift.Drifted : Drift.None, null, false,
        message);
  }

  /** Drift mode Revert: drift recorded, the baseline stays, and the live revision is applied again or not. */
  static DriftVerdict reverting(LiveStore.BreakGlassHold startHold, boolean revert, String message) {
    return new DriftVerdict(true, List.of(), false, false, Drift.Drifted, startHold, revert, message);
  }
}
