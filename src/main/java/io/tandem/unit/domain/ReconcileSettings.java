package io.tandem.unit.domain;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Sets a unit's apply mode and ignore rules. */
@Service
@Transactional
public class ReconcileSettings {

  private final ReconcileStore store;
  private final io.tandem.action.domain.RefreshQueue refreshes;

  ReconcileSettings(ReconcileStore store, io.tandem.action.domain.RefreshQueue refreshes) {
    this.store = store;
    this.refreshes = refreshes;
  }

  public void set(Unit unit, ReconcilePatch patch) {
    if (patch.setsApplyMode()) {
      store.setApplyMode(unit.id(), patch.applyMode());
    }
    if (patch.setsIgnoreRules()) {
      store.setIgnoreRules(unit.id(), patch.ignoreRules());
      refreshes.enqueueBackgroundRefresh(unit.id()); // what is drift has changed: looked at again now
    }
  }
}
