package io.tandem.apply.domain;

import io.tandem.action.domain.ActionQueue;
import io.tandem.action.domain.ActionResult;
import io.tandem.action.domain.UnitAction;
import io.tandem.action.domain.UnitAction.Outcome;
import io.tandem.health.domain.ApplyWait;
import io.tandem.health.domain.HealthStore;
import io.tandem.health.domain.UnitHealth;
import io.tandem.health.status.HealthStatus;
import java.time.Duration;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.FixedDelayTask;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;

/**
 * Ends the applies that wait for health ({@code waitFor=healthy}): they stay Running, without a worker, while the
 * watches keep their unit's health current; every half second each is ended {@code ApplyCompleted} once the unit is
 * Healthy, or {@code ApplyWaitFailed} with the reason once it is Degraded (an object Failed) or its time is up. Any
 * server may end one, once; no worker thread waits, so other units' actions go on meanwhile.
 */
@Component
class HealthWaits implements SchedulingConfigurer {

  private static final Duration INTERVAL = Duration.ofMillis(500);
  private static final int BATCH = 500;

  private final ActionQueue queue;
  private final HealthStore health;

  HealthWaits(ActionQueue queue, HealthStore health) {
    this.queue = queue;
    this.health = health;
  }

  @Override
  public void configureTasks(ScheduledTaskRegistrar registrar) {
    registrar.addFixedDelayTask(new FixedDelayTask(this::check, INTERVAL, INTERVAL));
  }

  void check() {
    for (ActionQueue.Waiting waiting : queue.waiting(BATCH)) {
      Outcome outcome = decide(waiting.action(), health.unitHealth(waiting.action().unitId()), waiting.expired());
      if (outcome != null) {
        queue.finishWaiting(waiting.action().id(), outcome);
      }
    }
  }

  /** How the wait ends now; {@code null} while it goes on. */
  static Outcome decide(UnitAction action, UnitHealth unit, boolean expired) {
    HealthStatus status = unit == null ? HealthStatus.Unknown : unit.status();
    String applied = ApplyWait.appliedPart(action.message());
    if (status == HealthStatus.Healthy) {
      return Outcome.completed(ActionResult.ApplyCompleted, applied + " Healthy: " + unit.reason() + ".");
    }
    String reason = unit == null ? "no objects observed" : unit.reason();
    if (status == HealthStatus.Degraded) {
      return Outcome.failed(ActionResult.ApplyWaitFailed, applied + " Degraded: " + reason + ".");
    }
    if (expired) {
      return Outcome.failed(ActionResult.ApplyWaitFailed, applied + " Not healthy after " + ApplyWait.describe(action.waitForHealth())
          + ": " + status + ", " + reason + ".");
    }
    return null;
  }
}
