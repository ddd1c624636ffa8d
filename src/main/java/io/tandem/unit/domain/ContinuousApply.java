package io.tandem.unit.domain;

import io.tandem.action.domain.ActionQueue;
import io.tandem.common.error.TandemException;
import io.tandem.space.domain.SyncWindows;
import io.tandem.unit.ReconcileProperties;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The one way the server applies on its own: a unit wants a revision live (the head of a unit in Continuous mode, once
 * its gates pass; or its live revision again, to revert drift), and each pass of the loop queues an apply of it
 * through the action queue when one is due, settles the applies that finished (a success forgets the wanted revision,
 * a failure sets when the next attempt is due, by {@link Backoff}) and looks for new heads. Every server runs the
 * passes; the {@link ReconcileStore}'s guarded statements make exactly one of them act on each step of each unit.
 * Suspended units are skipped throughout, and their queued applies are canceled by the worker.
 */
@Service
public class ContinuousApply {

  private static final Logger log = LoggerFactory.getLogger(ContinuousApply.class);

  private final ReconcileStore store;
  private final UnitQueries units;
  private final GatesAndApprovals gates;
  private final ActionQueue queue;
  private final TransactionTemplate transaction;
  private final Clock clock;
  private final Backoff backoff;
  private final int batch;
  private final SyncWindowGate windows;

  ContinuousApply(ReconcileStore store, UnitQueries units, GatesAndApprovals gates, ActionQueue queue,
      TransactionTemplate transaction, Clock clock, ReconcileProperties settings, SyncWindowGate windows) {
    this.windows = windows;
    this.store = store;
    this.units = units;
    this.gates = gates;
    this.queue = queue;
    this.transaction = transaction;
    this.clock = clock;
    this.backoff = new Backoff(settings.retryBase(), settings.retryCap(), () -> ThreadLocalRandom.current().nextDouble());
    this.batch = settings.batch();
  }

  /** One pass: settle what finished, want new heads, queue what is due. */
  public void pass() {
    store.finished(batch).forEach(this::settle);
    for (ReconcileStore.Candidate candidate : store.candidates(batch)) {
      Unit unit;
      try {
        unit = units.get(candidate.space(), candidate.slug());
      } catch (TandemException e) {
        continue; // deleted since
      }
      if (gates.applyBlockers(unit, candidate.headRevisionNum()).isEmpty()) {
        store.wantHead(candidate.unitId(), candidate.headRevisionNum());
      }
    }
    SyncWindowGate.Pass windows = this.windows.new Pass();
    for (ReconcileStore.Candidate due : store.due(batch)) {
      if (mayApply(due.unitId(), windows.verdict(due.space(), due.slug()))) {
        dispatch(due.unitId());
      }
    }
  }

  /**
   * Whether the windows let the server apply the unit now; if not, its attempt waits until they do (or an hour, when
   * they do not say), and the unit says why.
   */
  private boolean mayApply(UUID unitId, SyncWindows.Verdict verdict) {
    if (verdict.open()) {
      return true;
    }
    Instant until = verdict.opensAt() != null ? verdict.opensAt() : clock.instant().plus(Duration.ofHours(1));
    store.postpone(unitId, until, "Waits for its sync windows: " + verdict.describe() + ".");
    return false;
  }

  /** Drift to revert: the unit wants its live revision applied again (unless it wants one already), now. */
  public void revert(Unit unit) {
    store.wantAgain(unit.id(), unit.liveRevisionNum());
    if (mayApply(unit.id(), windows.verdict(unit))) {
      dispatch(unit.id());
    }
  }

  private void settle(ReconcileStore.Finished finished) {
    if (finished.actionRevisionNum() != finished.wantedRevisionNum() || finished.canceled()) {
      store.settle(finished, false, null); // a newer revision is wanted, or a suspension canceled it: due when it may run
    } else if (finished.completed()) {
      store.settle(finished, true, null);
    } else {
      Instant failedAt = finished.finishedAt() == null ? clock.instant() : finished.finishedAt();
      store.settle(finished, false, failedAt.plus(backoff.after(finished.attempts())).truncatedTo(ChronoUnit.MILLIS));
    }
  }

  /** Queues the unit's next attempt, unless another server did first. */
  private void dispatch(UUID unitId) {
    try {
      transaction.executeWithoutResult(status -> {
        UUID action = UUID.randomUUID();
        store.claim(unitId, action).ifPresent(revision ->
            queue.enqueueAutomaticApply(action, unitId, revision, clock.instant().truncatedTo(ChronoUnit.MICROS)));
      });
    } catch (DataIntegrityViolationException e) {
      log.info("Unit {} has an automatic apply open already; not queuing another", unitId);
    }
  }
}
