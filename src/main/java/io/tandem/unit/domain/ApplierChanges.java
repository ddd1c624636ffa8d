package io.tandem.unit.domain;

import io.tandem.common.access.AccessCheck;
import io.tandem.common.access.Role;
import io.tandem.space.domain.DriftMode;
import org.springframework.stereotype.Service;

/**
 * Settings that make the server apply or delete on its own need the role those actions need: applier. An editor may
 * change a unit's data, but not make the loop apply it ({@code applyMode}), re-apply over drift ({@code driftMode:
 * Revert}) or move its objects ({@code moveObjects}, a destroy and an apply). A Continuous unit's later edits are the
 * applier's choice, made when it was set.
 */
@Service
public class ApplierChanges {

  private final AccessCheck access;

  ApplierChanges(AccessCheck access) {
    this.access = access;
  }

  /**
   * Checked before anything is written.
   *
   * @throws io.tandem.common.error.TandemException {@code forbidden} without {@code applier} in the space when the
   *     patch sets {@code applyMode}, sets {@code driftMode} to Revert, or moves objects
   */
  public void requireFor(String space, UnitPatch patch, ReconcilePatch reconciliation, boolean moveObjects) {
    boolean reverts = patch.has(UnitPatch.Field.DRIFT_MODE) && patch.driftMode() == DriftMode.Revert;
    if (reconciliation.setsApplyMode() || reverts || (moveObjects && patch.has(UnitPatch.Field.TARGET))) {
      access.require(space, Role.applier);
    }
  }

  /**
   * Checked before a new unit is written.
   *
   * @throws io.tandem.common.error.TandemException {@code forbidden} for a new unit in Revert without {@code applier}
   */
  public void requireForNew(String space, String driftMode) {
    if (DriftMode.Revert.name().equals(driftMode)) {
      access.require(space, Role.applier);
    }
  }
}
