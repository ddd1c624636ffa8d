package io.tandem.apply.domain;

import io.tandem.action.domain.ActionQueue;
import io.tandem.action.domain.UnitAction;
import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.Hooks;
import io.tandem.common.yaml.ObjectKey;
import io.tandem.targets.domain.Target;
import io.tandem.targets.domain.TargetGrants;
import io.tandem.targets.domain.TargetService;
import io.tandem.targets.domain.TargetUse;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitObjects;
import io.tandem.unit.domain.UnitQueries;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.springframework.stereotype.Service;

/**
 * A unit's objects on its targets, as ownership records them, and their move to another target: a destroy on the
 * old target and an apply of the live revision on the new one that waits for it, so that nothing is left behind and
 * nothing is applied twice at once.
 */
@Service
class ObjectMoves implements UnitObjects {

  private final ObjectOwnership ownership;
  private final TargetService targets;
  private final UnitQueries units;
  private final ActionQueue queue;
  private final TargetGrants grants;
  private final Clock clock;

  ObjectMoves(ObjectOwnership ownership, TargetService targets, UnitQueries units, ActionQueue queue,
      TargetGrants grants, Clock clock) {
    this.grants = grants;
    this.ownership = ownership;
    this.targets = targets;
    this.units = units;
    this.queue = queue;
    this.clock = clock;
  }

  @Override
  public List<String> on(Unit unit, String target) {
    return ownership.owned(target, unit.id()).stream().map(ObjectKey::toString).toList();
  }

  @Override
  public void move(Unit unit, String from, String to) {
    Target target;
    try {
      target = targets.get(to);
    } catch (TandemException e) {
      throw TandemException.validation("Field 'target': target '" + to + "' does not exist; objects can only move to a"
          + " registered target.");
    }
    int revision = unit.liveRevisionNum() > 0 ? unit.liveRevisionNum() : unit.lastAppliedRevisionNum();
    String data = units.dataAt(unit, revision);
    List<ObjectKey> keys = ownership.keys(target, Hooks.withoutHooks(data));
    grants.require(unit.space(), from, TargetUse.APPLY);
    grants.requireApply(unit.space(), to, ownership.keys(target, data));
    ownership.requireFree(target, unit.id(), keys);
    Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
    UnitAction destroy = queue.enqueueDestroyOn(unit.id(), from, now);
    // later than the destroy: a unit's actions are claimed in the order of their creation (ties by id)
    queue.enqueueApply(unit.id(), revision, false, List.of(destroy.id()), now.plus(1, ChronoUnit.MICROS));
  }
}
