package io.tandem.unit.domain;

import io.tandem.unit.ReconcileProperties;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.FixedDelayTask;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;

/** Runs a {@link ContinuousApply} pass every {@code tandem.reconcile.interval} on each server that has it enabled. */
@Component
class ReconcileLoop implements SchedulingConfigurer {

  private static final Logger log = LoggerFactory.getLogger(ReconcileLoop.class);

  private final ContinuousApply continuous;
  private final boolean enabled;
  private final Duration interval;
  private volatile boolean databaseUnavailable;

  ReconcileLoop(ContinuousApply continuous, ReconcileProperties settings) {
    this.continuous = continuous;
    this.enabled = settings.enabled();
    this.interval = settings.interval();
  }

  @Override
  public void configureTasks(ScheduledTaskRegistrar registrar) {
    if (enabled) {
      registrar.addFixedDelayTask(new FixedDelayTask(this::pass, interval, interval));
    }
  }

  void pass() {
    try {
      continuous.pass();
      databaseUnavailable = false;
    } catch (DataAccessResourceFailureException | TransientDataAccessException e) {
      if (!databaseUnavailable) {
        databaseUnavailable = true;
        log.warn("The reconcile loop cannot reach the database ({}); trying again every {}",
            e.getMostSpecificCause().getMessage(), interval);
      }
    } catch (RuntimeException e) {
      log.warn("A reconcile pass failed; the next one tries again", e);
    }
  }
}
