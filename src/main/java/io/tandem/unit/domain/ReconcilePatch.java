package io.tandem.unit.domain;

import io.tandem.common.patch.MergePatch;
import io.tandem.space.domain.ApplyMode;
import io.tandem.space.domain.IgnoreRules;

/**
 * The part of a unit's merge patch that sets how it is reconciled: {@code applyMode} ({@code null}: its space's) and
 * {@code ignoreRules} ({@code null}: none of its own). Neither is a change of the unit: its version stays.
 */
public record ReconcilePatch(boolean setsApplyMode, ApplyMode applyMode, boolean setsIgnoreRules, IgnoreRules ignoreRules) {

  public static final String APPLY_MODE = "applyMode";
  public static final String IGNORE_RULES = "ignoreRules";

  /** Reads and checks both fields; a bad value is 400 before anything is written. */
  public static ReconcilePatch read(MergePatch patch) {
    String mode = patch.text(APPLY_MODE);
    return new ReconcilePatch(patch.has(APPLY_MODE), mode == null ? null : ApplyMode.parse(APPLY_MODE, mode),
        patch.has(IGNORE_RULES), IgnoreRules.parse(IGNORE_RULES, patch.objects(IGNORE_RULES)));
  }

  public boolean isEmpty() {
    return !setsApplyMode && !setsIgnoreRules;
  }
}
