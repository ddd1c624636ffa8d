package io.tandem.unit.domain;

import io.tandem.action.domain.RefreshQueue;
import io.tandem.space.domain.Space;
import io.tandem.space.domain.SpaceService;
import io.tandem.space.domain.Suspension;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Stopping the loop: a suspended unit, or any unit of a suspended space, has nothing done to it that the server would
 * queue on its own (a revert of drift, an automatic apply). Drift and health are still observed and reported, and
 * people's calls (apply, destroy, refresh) still work, as a suspended Flux Kustomization still takes a manual
 * reconcile. Resuming queues a refresh of what is live, so that drift is acted on at once by the drift mode.
 */
@Service
@Transactional
public class Suspensions {

  private final UnitStore store;
  private final UnitQueries units;
  private final SpaceService spaces;
  private final RefreshQueue queue;
  private final Clock clock;

  Suspensions(UnitStore store, UnitQueries units, SpaceService spaces, RefreshQueue queue, Clock clock) {
    this.store = store;
    this.units = units;
    this.spaces = spaces;
    this.queue = queue;
    this.clock = clock;
  }

  /** Suspends the unit; suspending it again replaces who, why and when. Its version stays. */
  public Unit suspend(String space, String slug, String reason, String by) {
    String why = Suspension.requireReason(reason);
    Unit unit = units.get(space, slug);
    store.suspend(unit.id(), new Suspension(by, why, clock.instant().truncatedTo(ChronoUnit.MICROS)));
    return unit;
  }

  /** Ends the unit's own suspension (its space's, if any, stays) and queues a refresh when it is live. */
  public Unit resume(String space, String slug) {
    Unit unit = units.get(space, slug);
    store.suspend(unit.id(), null);
    queue.enqueueBackgroundRefresh(unit.id());
    return unit;
  }

  public Space suspendSpace(String space, String reason, String by) {
    return spaces.suspend(space, reason, by);
  }

  /** Ends the space's suspension and queues a refresh of its live units; units suspended on their own stay so. */
  public Space resumeSpace(String space) {
    Space resumed = spaces.resume(space);
    queue.enqueueBackgroundRefreshesInSpace(space);
    return resumed;
  }

  /** What stops the unit's automatic actions, as it is now; empty when nothing does. */
  @Transactional(readOnly = true)
  public Optional<UnitSuspension> of(Unit unit) {
    return store.suspension(unit.id());
  }
}
