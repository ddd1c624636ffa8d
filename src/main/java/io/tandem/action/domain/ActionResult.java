package io.tandem.action.domain;

/**
 * How an action ended, as the API and the {@code unit_action.result} column spell it. The one list of them: the
 * handlers return these, and the published schema is made from this enum.
 */
public enum ActionResult {
  ApplyCompleted,
  ApplyFailed,
  /** An apply the server queued itself (a revert, a continuous apply) that a suspension stopped before it ran. */
  ApplyCanceled,
  /** Applied, but its objects were not healthy within the wait. */
  ApplyWaitFailed,
  RefreshAndDrifted,
  RefreshAndNoDrift,
  RefreshFailed,
  DestroyCompleted,
  DestroyFailed;

  /** The failure of an action of {@code kind}. */
  public static ActionResult failed(UnitAction.Kind kind) {
    return valueOf(kind.name() + "Failed");
  }
}
